"""The state of a Twilight Imperium 3 game: immutable, canonically encodable. The units on the
map are a `Forces` (forces.py), which every rule area reads and writes; the galaxy is a
`Galaxy` (galaxy.py), while built and once built."""

from enum import StrEnum

import msgspec

from events.kit.windows import Window
from events.rulesets.twilight_imperium_3.agreements import Trade
from events.rulesets.twilight_imperium_3.card_decisions import Lasting, Pending, PlayCard
from events.rulesets.twilight_imperium_3.forces import Forces
from events.rulesets.twilight_imperium_3.galaxy import Galaxy
from events.rulesets.twilight_imperium_3.tactic import Tactic

COUNTERS = 16  # each player's command counters, reinforcements included (TI-S6)
BANK = 40  # the trade goods of the bank (TI-S7)
VICTORY = 10  # the points that win (TI-X7)
STATUS_COUNTERS = 2  # gained in each status phase (TI-X5)
AREAS = ("strategy", "command", "fleet")  # the three areas of a race sheet


class Phase(StrEnum):
    """The phases of a round, and the prompts play waits at outside a window (steps.py)."""

    GALAXY = "galaxy"  # the players build the galaxy (option galaxy = build, TI-G3 to TI-G8)
    STATION = "station"  # starting units shared among the home planets (TI-S4)
    STRATEGY = "strategy"  # picks (TI-P)
    ACTION = "action"  # turns in order of play (TI-A)
    SCORE = "score"  # objectives claimed in order of play (TI-X1)
    COUNTERS = "counters"  # counters gained and redistributed in order of play (TI-X5)
    OVER = "over"


class WindowPrompt(StrEnum):
    """Prompts asked in a window on the stack, above the phase."""

    SECONDARY = "secondary"  # follow or decline a played card's secondary, clockwise (TI-A3)
    MOVEMENT = "movement"  # the tactical or transfer action's steps (tactical.py)
    SPACE_CANNON = "space cannon"
    CASUALTIES = "casualties"
    RETREAT = "retreat"
    LANDING = "landing"
    BOMBARDMENT = "bombardment"
    PRODUCTION = "production"
    TALKS = "trade talks"  # offers of trade agreements under the Trade card (TI-R5)
    BREAKING = "breaking agreements"  # the status phase's breaking of agreements (TI-R9)
    HAND_LIMIT = "hand limit"  # discard down to 7 action cards at once (TI-Q1)
    SABOTAGE = "sabotage"  # sealed: a Sabotage against the action card played (TI-Q2)
    CARD = "action card"  # sealed: a timing point's action cards (TI-Q2, card_windows.py)
    TIMING_POINT = "timing point"  # the tactical action waits under a card window, asking no one
    DISCLOSURE = "disclosure"  # Disclosure's player discards a card of the hand shown to him
    PRIMARY_DONE = "primary done"  # a strategic action waits under a card window, asking no one
    SYNCHRONICITY = "synchronicity"  # its player takes a card of the deck shown to him (TI-Q76)


class Player(msgspec.Struct, frozen=True):
    race: str
    strategy: int  # command counters in the strategy allocation area
    command: int  # in the command pool
    fleet: int  # in the fleet supply
    trade_goods: int = 0
    technologies: tuple[str, ...] = ()
    cards: tuple[int, ...] = ()  # strategy cards held this round, by number
    played: tuple[int, ...] = ()  # of `cards`, those whose strategic action is taken
    passed: bool = False
    points: int = 0
    scored: tuple[str, ...] = ()  # objectives scored, by id
    secret: str = ""  # the secret objective, seen by this player alone (TI-S8)
    stationed: bool = True  # has shared out the starting units (TI-S4)
    hand: tuple[int, ...] = ()  # action cards, by copy (action_cards.py): secret, its size public
    answer: PlayCard | None = None  # a sealed answer to the open card window (TI-Q2)
    known: tuple[tuple[int, int], ...] = ()  # (seat, card) of `hand` that seat has seen

    @property
    def sheet(self) -> int:
        """Counters on the race sheet."""
        return self.strategy + self.command + self.fleet

    @property
    def initiative(self) -> int:
        """The lowest number of the cards held: the place in the order of play (TI-A1)."""
        return min(self.cards, default=9)


class Game(msgspec.Struct, frozen=True):
    players: tuple[Player, ...]
    galaxy: Galaxy
    forces: Forces
    speaker: int
    phase: Phase
    objectives: tuple[str, ...]  # the public deck, face down, top first: its order is secret
    revealed: tuple[str, ...] = ()  # public objectives face up, in order of revealing
    round: int = 0
    bonus: tuple[int, ...] = (0,) * 8  # bonus counters on each strategy card, by number - 1
    turn: int = -1  # the seat whose action turn it is
    picks: tuple[int, ...] = ()  # this strategy phase's pickers, in order (TI-P1, TI-P2)
    initiative_last: int = -1  # the seat that held Initiative last round (TI-P4)
    truces: tuple[tuple[int, int], ...] = ()  # Diplomacy's pairs this action phase (TI-A5)
    queue: tuple[int, ...] = ()  # seats still to answer in the status phase, in order
    mecatol: int = -1  # Mecatol Rex's controller as this round's strategy phase began (TI-O)
    took_last_dock: tuple[int, ...] = ()  # seats that took a neighbour's last dock this round
    taken: tuple[str, ...] = ()  # planets that changed hands this round (TI-U9)
    tactic: Tactic | None = None  # the tactical or transfer action under way
    second: bool = False  # the turn's first tactical action under Fleet Logistics is over (TI-K15)
    stack: tuple[Window, ...] = ()  # the open windows, the newest last (kit.windows)
    trade: Trade = Trade()  # trade agreements and the offers of open talks (TI-R)
    deck: tuple[int, ...] = ()  # the action cards' deck, top first: its order is secret
    discard: tuple[int, ...] = ()  # the action cards discarded, face up
    pending: tuple[Pending, ...] = ()  # action cards played and not yet resolved, in order
    lasting: tuple[Lasting, ...] = ()  # action cards' effects for the rest of the round
    winners: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return self.phase == Phase.OVER

    @property
    def seats(self) -> int:
        return len(self.players)


def clockwise(game: Game, first: int) -> tuple[int, ...]:
    """Every seat clockwise round the galaxy from `first`: players sit by their home systems
    (TI-S3)."""
    ring = sorted(range(game.seats), key=lambda seat: game.galaxy.home_positions[seat])
    start = ring.index(first)
    return tuple(ring[start:] + ring[:start])


def order_of_play(game: Game) -> tuple[int, ...]:
    """The seats by their lowest strategy card (TI-A1)."""
    return tuple(sorted(range(game.seats), key=lambda seat: game.players[seat].initiative))


def eliminated(game: Game, seat: int) -> bool:
    """No planet controlled and no unit on the board: out of the game for good (TI-X9)."""
    forces = game.forces
    return not any(h.controller == seat for h in forces.planets.values()) and not any(
        f.seat == seat and f.units for s in forces.space.values() for f in s.fleets
    )


def remaining(game: Game, seats: tuple[int, ...]) -> tuple[int, ...]:
    """These seats in their order, the eliminated left out (TI-X9)."""
    return tuple(s for s in seats if not eliminated(game, s))


def holder(game: Game, card: int) -> int | None:
    return next((s for s, p in enumerate(game.players) if card in p.cards), None)


def reinforcements(game: Game, seat: int) -> int:
    """Counters neither on the race sheet nor on the board."""
    on_board = sum(seat in space.counters for space in game.forces.space.values())
    return COUNTERS - game.players[seat].sheet - on_board


def bank(game: Game) -> int:
    return BANK - sum(p.trade_goods for p in game.players)


def available(game: Game) -> tuple[int, ...]:
    """The strategy cards still in the common area."""
    held = {c for p in game.players for c in p.cards}
    return tuple(c for c in range(1, 9) if c not in held)


def lasting(game: Game, card: str) -> tuple[Lasting, ...]:
    """The effects of this action card lasting the round."""
    return tuple(last for last in game.lasting if last.card == card)


def picks_made(game: Game) -> int:
    """The strategy cards picked so far this phase: those its pickers hold (a seat keeping his
    under Political Stability picks none, TI-Q61)."""
    pickers = set(game.picks)
    return sum(len(p.cards) for s, p in enumerate(game.players) if s in pickers)


def pickable(game: Game, seat: int) -> tuple[int, ...]:
    """The strategy cards the seat may pick: in the common area, not barred by Strategic Shift,
    nor the card Public Disgrace made him return unless no other is left to him (TI-Q58,
    TI-Q59)."""
    shifted = {last.strategy for last in lasting(game, "strategic_shift")}
    returned = {last.strategy for last in lasting(game, "public_disgrace") if last.other == seat}
    allowed = tuple(c for c in available(game) if c not in shifted)
    return tuple(c for c in allowed if c not in returned) or allowed
