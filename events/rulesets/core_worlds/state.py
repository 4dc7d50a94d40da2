"""The state of a Core Worlds game: immutable, canonically encodable, cheap to replace in part."""

from enum import StrEnum

import msgspec

from events.rulesets.core_worlds.cardset import CardSet
from events.rulesets.core_worlds.loader import load

Cards = tuple[int, ...]  # physical card ids; piles list their top card first


class Phase(StrEnum):
    """Where a game is: the pre-game draft, a round's phases (CW-R), the Sector V reshuffle, the
    end of the game. Each is a prompt of the table in `phases.py`."""

    SECTOR0 = "sector0"
    DRAW = "draw"
    ENERGY = "energy"
    GALACTIC = "galactic"
    ACTION = "action"
    DISCARD = "discard"
    END = "end"
    RESHUFFLE = "reshuffle"
    OVER = "over"


PHASE_NAMES = {
    Phase.SECTOR0: "pre-game Sector 0 draft",
    Phase.DRAW: "Draw phase",
    Phase.ENERGY: "Energy phase",
    Phase.GALACTIC: "Galactic phase",
    Phase.ACTION: "Action phase",
    Phase.DISCARD: "Discard phase",
    Phase.END: "End phase",
    Phase.RESHUFFLE: "Sector V reshuffle",
    Phase.OVER: "end of the game",
}


class Player(msgspec.Struct, frozen=True):
    home: int  # the Home World's card id
    draw: Cards = ()
    hand: Cards = ()
    discard: Cards = ()
    warzone: Cards = ()
    colonists: Cards = ()  # tucked under conquered Worlds (CW-A3.4)
    picks: Cards = ()  # Sector 0 draft picks beside the starting deck (CW-V3)
    counters: tuple[tuple[int, int], ...] = ()  # (Warzone card, energy tokens on it)
    energy: int = 0
    action_points: int = 0
    surge_tokens: int = 0
    done: bool = False  # finished this phase: declared, passed, kept or chose

    def tokens_on(self, card: int) -> int:
        for held, tokens in self.counters:
            if held == card:
                return tokens
        return 0


class Score(msgspec.Struct, frozen=True):
    seat: int
    bonus: int
    printed: int
    total: int
    world_energy: int
    worlds: int


class Game(msgspec.Struct, frozen=True):
    card_set: str
    seats: int
    players: tuple[Player, ...]
    galactic: tuple[Cards, ...]  # face-down Galactic decks 0 to V
    phase: Phase = Phase.DRAW
    round: int = 1
    destiny: int = 0
    turn: int = 0  # whose turn it is in the Action phase
    turn_done: bool = False  # the seat in turn has taken its option
    central: Cards = ()
    tokened: Cards = ()  # Central Zone cards carrying an energy token
    removed: Cards = ()  # out of the game
    scores: tuple[Score, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def cards(self) -> CardSet:
        return load(self.card_set)

    def order(self) -> list[int]:
        """Seats clockwise from the Destiny holder."""
        return [(self.destiny + i) % self.seats for i in range(self.seats)]


def world_energy(game: Game, seat: int) -> int:
    """Energy the seat's Worlds produce (CW-E1)."""
    cards = game.cards.cards
    return sum(cards[c].energy for c in game.players[seat].warzone if cards[c].is_world)
