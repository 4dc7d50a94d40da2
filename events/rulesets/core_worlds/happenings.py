"""What happened: the events of a Core Worlds match-log. Every random outcome is written here."""

import msgspec

from events.rulesets.core_worlds.decisions import Exchange
from events.rulesets.core_worlds.state import Cards, Phase, Score


class Setup(msgspec.Struct, frozen=True, tag="cw.setup"):
    """Creates the game: Home Worlds, Destiny, tokens and every deck's shuffled order (CW-S)."""

    card_set: str
    homes: Cards  # per seat
    destiny: int
    surge_tokens: tuple[int, ...]  # per seat
    draws: tuple[Cards, ...]  # per seat, shuffled starting decks
    galactic: tuple[Cards, ...]  # Galactic decks 0 to V, shuffled
    action_points: int
    sector0: bool  # the pre-game draft variant


class Sector0Dealt(msgspec.Struct, frozen=True, tag="cw.sector0_dealt"):
    removed: Cards  # one Galactic Grunts and one Snub Fighter per player (CW-V1)
    cards: Cards  # dealt face up from deck 0 (CW-V2)


class Picked(msgspec.Struct, frozen=True, tag="cw.picked"):
    seat: int
    card: int


class Sector0Ended(msgspec.Struct, frozen=True, tag="cw.sector0_ended"):
    unpicked: Cards  # leave the game (CW-V4)


class DeckShuffled(msgspec.Struct, frozen=True, tag="cw.deck_shuffled"):
    """The seat's new draw pile, from its old one, its discard pile and its picks."""

    seat: int
    order: Cards


class Drew(msgspec.Struct, frozen=True, tag="cw.drew"):
    seat: int
    cards: Cards


class PhaseBegan(msgspec.Struct, frozen=True, tag="cw.phase_began"):
    phase: Phase


class EnergyProduced(msgspec.Struct, frozen=True, tag="cw.energy_produced"):
    amounts: tuple[int, ...]  # per seat


class EnergyDeclared(msgspec.Struct, frozen=True, tag="cw.energy_declared"):
    seat: int
    surges: Cards = ()
    exchanges: tuple[Exchange, ...] = ()
    gain: int = 0


class CardsReturned(msgspec.Struct, frozen=True, tag="cw.cards_returned"):
    cards: Cards  # each on top of its own Galactic deck (CW-G1)


class TokensPlaced(msgspec.Struct, frozen=True, tag="cw.tokens_placed"):
    cards: Cards


class GalacticDrawn(msgspec.Struct, frozen=True, tag="cw.galactic_drawn"):
    deck: int
    cards: Cards


class TurnBegan(msgspec.Struct, frozen=True, tag="cw.turn_began"):
    seat: int


class Drafted(msgspec.Struct, frozen=True, tag="cw.drafted"):
    seat: int
    card: int
    cost: int
    token: bool  # its energy token gave +1 energy (CW-G6)


class Deployed(msgspec.Struct, frozen=True, tag="cw.deployed"):
    seat: int
    units: Cards
    costs: tuple[int, ...]


class Invaded(msgspec.Struct, frozen=True, tag="cw.invaded"):
    seat: int
    world: int
    units: Cards  # every Unit used
    survivors: Cards  # used, but stay in the Warzone by their own text
    colonist: int | None
    tactics: Cards
    discards: Cards  # hand cards discarded for strength
    energy: int  # paid in all, the 1 to invade included
    fleet: int
    ground: int
    token: bool  # the World's energy token gave +1 energy (CW-G6)


class InvasionFailed(msgspec.Struct, frozen=True, tag="cw.invasion_failed"):
    """Short: the Units stay; all else committed is spent (CW-A3.3). The defaults are what
    logs written before that ruling mean: 1 energy, nothing discarded."""

    seat: int
    world: int
    fleet: int
    ground: int
    tactics: Cards = ()  # played in it: discarded
    discards: Cards = ()  # hand cards discarded for strength
    energy: int = 1  # paid in all, the 1 to invade included


class ActionUsed(msgspec.Struct, frozen=True, tag="cw.action_used"):
    seat: int
    card: int
    ability: int
    energy: int
    discards: Cards
    gain: int
    counter: int


class SurgeTokenUsed(msgspec.Struct, frozen=True, tag="cw.surge_token_used"):
    seat: int
    gain: int


class Passed(msgspec.Struct, frozen=True, tag="cw.passed"):
    seat: int
    forced: bool = False


class Kept(msgspec.Struct, frozen=True, tag="cw.kept"):
    seat: int
    card: int | None


class RoundEnded(msgspec.Struct, frozen=True, tag="cw.round_ended"):
    round: int  # the new round
    destiny: int
    action_points: int


class ReshuffleChosen(msgspec.Struct, frozen=True, tag="cw.reshuffle_chosen"):
    seat: int
    shuffle: bool


class GameScored(msgspec.Struct, frozen=True, tag="cw.game_scored"):
    scores: tuple[Score, ...]
    winners: tuple[int, ...]


EVENTS = (
    Setup,
    Sector0Dealt,
    Picked,
    Sector0Ended,
    DeckShuffled,
    Drew,
    PhaseBegan,
    EnergyProduced,
    EnergyDeclared,
    CardsReturned,
    TokensPlaced,
    GalacticDrawn,
    TurnBegan,
    Drafted,
    Deployed,
    Invaded,
    InvasionFailed,
    ActionUsed,
    SurgeTokenUsed,
    Passed,
    Kept,
    RoundEnded,
    ReshuffleChosen,
    GameScored,
)
