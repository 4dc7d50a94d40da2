"""The interface every game implements: pure, synchronous, deterministic (no I/O, clock or
global random), plus the registry that names rulesets."""

import importlib
import os
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, NoReturn

import msgspec

from events.naming import TextError
from events.platform_rules import MALFORMED, SEAT

MAX_REACTIONS = 10_000  # a ruleset whose react never settles is a bug, not a long game


class Rejection(msgspec.Struct, frozen=True):
    rule: str  # the rule ID that refused it, e.g. "CW-A1"
    reason: str  # in a player's words


class Accepted(msgspec.Struct, frozen=True):
    rule: str  # the rule ID that allowed it
    events: list[Any]


class Waiting(msgspec.Struct, frozen=True):
    """Whom the game waits for. `must`: the seats whose decision it needs to go on; `may`: seats
    that may decide now but need not (a response window, a trade at any time); `simultaneous`:
    the `must` seats choose at once, each choice sealed until all have chosen."""

    must: tuple[int, ...] = ()
    may: tuple[int, ...] = ()
    simultaneous: bool = False


def shown_waiting(waiting: Waiting, reader: int | None) -> Waiting:
    """Whom `reader` (a seat; None: anyone else) may see the game wait for, wherever it is
    published. While seats choose at once and sealed, who of them has yet to answer would tell
    the others who is weighing a response: every seat choosing shows as waited for ("waiting
    for responses", `simultaneous`), but the reader's own answer, which it may still change."""
    if not waiting.simultaneous:
        return waiting
    mine = tuple(s for s in waiting.may if s == reader)
    choosing = sorted(s for s in (*waiting.must, *waiting.may) if s not in mine)
    return Waiting(must=tuple(choosing), may=mine, simultaneous=True)


class Standing(msgspec.Struct, frozen=True):
    """Where a match stands, for lobbies, views and analytics."""

    round: int  # the game's own count of rounds (or turns)
    phase: str  # in the rulebook's words
    scores: tuple[int, ...]  # per seat, so far; final once the game is over
    winners: tuple[int, ...] = ()  # once over


class Fact(msgspec.Struct, frozen=True):
    """One thing a game wants analytics to count: `kind` (drafted, bought, start world…)
    of `subject` (a card's name…), for a seat; `value` 1 for a success, 0 for a failure, or
    an amount. Analytics sums them and relates them to the seats' win shares."""

    kind: str
    subject: str
    seat: int | None = None
    value: int = 1


# A bot decides for a seat on a state `resample` dealt for that seat, so it cannot know more
# than the seat may; the generator breaks ties and makes its random choices.
Bot = Callable[[Any, int, random.Random], Any]


class CardFace(msgspec.Struct, frozen=True):
    """One card as a renderer shows it."""

    id: int
    name: str
    kind: str = ""  # e.g. "Unit, Starfighter"
    numbers: dict[str, int] = {}  # e.g. {"draft": 2, "fleet": 1, "ground": 0, "points": 1}
    note: str = ""  # e.g. "energy token"


class Field(msgspec.Struct, frozen=True):
    label: str
    value: str


class CardList(msgspec.Struct, frozen=True):
    label: str
    cards: tuple[CardFace, ...]  # in the order commands count them, from 1


class Table(msgspec.Struct, frozen=True):
    label: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Section(msgspec.Struct, frozen=True):
    title: str
    fields: tuple[Field, ...] = ()
    cards: tuple[CardList, ...] = ()
    tables: tuple[Table, ...] = ()


OptionValue = bool | int | str


class Option(msgspec.Struct, frozen=True):
    """One match option a game takes: what it does, its value when not given (whose type every
    value must have) and, where the values are few, every one allowed; the conformance suite
    plays each of them."""

    help: str
    default: OptionValue
    choices: tuple[OptionValue, ...] = ()


class Cell(msgspec.Struct, frozen=True):
    """One place of a board: a hex at axial coordinates (`q`, `r`: flat-top hexes, north is
    r - 1), named by `code` as text commands name it, with what is there in a few lines."""

    code: str
    q: int
    r: int
    title: str = ""  # e.g. the system's name
    lines: tuple[str, ...] = ()  # e.g. planets, units
    owner: int | None = None  # the seat it belongs to
    marks: tuple[str, ...] = ()  # e.g. "wormhole alpha", "asteroid field"
    highlight: str = ""  # why it stands out now, e.g. "active system", "a tile may go here"


class Board(msgspec.Struct, frozen=True):
    """A map of hex cells, drawn as a picture on pages and as a table in text."""

    label: str
    cells: tuple[Cell, ...]


class Description(msgspec.Struct, frozen=True):
    """A view laid out for any renderer (terminal, web page, mail), whatever the game."""

    title: str
    sections: tuple[Section, ...]
    waiting: Waiting = Waiting()  # whom the view shows the game waiting for
    boards: tuple[Board, ...] = ()  # maps, for a game that has one


class CardPick(msgspec.Struct, frozen=True):
    """Legal decisions that differ only in which of some cards they name (2 of 6 to discard, the
    cards paying for a world), for a page to offer as cards to tick and one button rather than a
    button per combination: the ids of the `count` cards ticked among `cards` fill `field` of
    `decision`; `replaces` are the places in `legal` of the decisions it stands for."""

    label: str  # what its button says, e.g. "develop Space Marines, paying with the ticked"
    decision: Any  # a decision of the game, `field` left to fill
    field: str
    cards: tuple[CardFace, ...]  # the cards that may be ticked
    count: int  # how many to tick
    replaces: tuple[int, ...] = ()


MAX_WINDOW_ANSWERS = 6  # a window's answers named in a notice; `help` lists the rest


class WindowAsk(msgspec.Struct, frozen=True):
    """What a response window asks of one seat, in the game's words, from what that seat may
    see: what the window is and its moment, the seat's own answers as its text commands name
    them (its pass apart), and what its pass does."""

    window: str = "a window"  # e.g. "an action card window"
    moment: str = ""  # e.g. "before the space battle at 203"
    answers: tuple[str, ...] = ()  # e.g. ("play Shields Holding", "play Direct Hit")
    more: int = 0  # answers beyond those named
    pass_command: str = ""  # e.g. "no card"; "" where the game has no text commands
    passing: str = "pass"  # what the pass does, after "you": e.g. "play no action card"


def window_ask(
    window: str,
    answers: Sequence[str],
    pass_command: str,
    passing: str = "pass",
    moment: str = "",
) -> WindowAsk:
    """A window's words with its answers named once each, the pass and unwritten ones left
    out, the first MAX_WINDOW_ANSWERS of them."""
    named = [a for a in dict.fromkeys(answers) if a and a != pass_command]
    shown = tuple(named[:MAX_WINDOW_ANSWERS])
    return WindowAsk(window, moment, shown, len(named) - len(shown), pass_command, passing)


class CardInfo(msgspec.Struct, frozen=True):
    """One distinct card of a card set, as a card lookup lists it."""

    name: str
    kind: str
    copies: int
    cost: int | None = None  # what taking it costs; None if it is never bought
    numbers: dict[str, int] = {}
    abilities: tuple[str, ...] = ()  # its text, a line per ability
    deck: str = ""  # where it starts


class Ruleset(ABC):
    """One game. States are msgspec Structs; events and decisions are tagged msgspec Structs."""

    name: ClassVar[str]
    version: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    decision_types: ClassVar[tuple[type, ...]]
    event_types: ClassVar[tuple[type, ...]]
    state_type: ClassVar[type]
    bots: ClassVar[Mapping[str, Bot]]  # by level, weakest first: `pass`, `random`, `greedy`…
    view_type: ClassVar[type]  # what `view` returns, so a stored view decodes to it
    options: ClassVar[Mapping[str, Option]] = {}  # the match options it takes, by name
    round_word: ClassVar[str] = "round"  # what the game calls what `Standing.round` counts

    @abstractmethod
    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        """The setup events; the first one creates the state from `None`. `chance` (here and
        in `decide` and `react`) is the platform's random source (`events.chance`): every
        outcome drawn from it is written into an event, and nothing else is random."""

    @abstractmethod
    def decide(
        self, state: Any, seat: int, decision: Any, chance: random.Random
    ) -> Accepted | Rejection:
        """Judge one decision. All rules live here; nothing is applied."""

    @abstractmethod
    def evolve(self, state: Any, event: Any) -> Any:
        """Apply one event and return the new state. No rules logic."""

    @abstractmethod
    def react(self, state: Any, chance: random.Random) -> list[Any]:
        """Events that follow on their own (phase advance, refill, scoring); [] when none,
        within MAX_REACTIONS calls."""

    @abstractmethod
    def view(self, state: Any, seat: int | None) -> Any:
        """What `seat` may see; `None` is the public view. Hidden information stays out."""

    @abstractmethod
    def resample(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state `seat` cannot tell from `state`: what it may see kept, everything hidden
        from it (other hands, deck orders) dealt anew at random."""

    @abstractmethod
    def legal(self, state: Any, seat: int) -> list[Any]:
        """Every legal decision of `seat` now (bounded)."""

    @abstractmethod
    def waiting(self, state: Any) -> Waiting:
        """Whom the game waits for now."""

    @abstractmethod
    def standing(self, state: Any) -> Standing:
        """Round, phase, scores so far and, once over, the winners."""

    @abstractmethod
    def is_over(self, state: Any) -> bool:
        """True once the game has ended and is scored."""

    def facts(self, state: Any, event: Any) -> list[Fact]:
        """What analytics counts of one game event; `state` is the match's latest state."""
        return []

    def default_decision(self, state: Any, seat: int, level: str, rng: random.Random) -> Any:
        """The decision of the bot at `level` for `seat` (a bot seat, or a player whose deadline
        passed), taken on what the seat may see alone."""
        return self.bots[level](self.resample(state, seat, rng), seat, rng)

    @property
    def strongest_bot(self) -> str:
        """The level that takes a person's seat when nobody names one: the last declared."""
        return list(self.bots)[-1]

    @abstractmethod
    def describe(self, view: Any, players: Sequence[str] = ()) -> Description:
        """`view` laid out in sections, fields, card lists and tables, from the view alone (so
        it never shows more); `players` names the seats, `seat N` where it is empty."""

    @abstractmethod
    def narrate(self, before: Any, event: Any, seat: int | None, players: Sequence[str]) -> str:
        """One line for a game event, or for a decision body as its own seat asked it ("draft
        Hercules Bomber"), for `seat`'s eyes (`None`: the public's): what that seat may not
        see stays out ("drew 2 cards"). `before` is the state before; `players` names seats."""

    @abstractmethod
    def rule_text(self, rule: str) -> str:
        """A rule ID of this game in the rulebook's words; "" for an ID it does not know."""

    def rule_ids(self) -> list[str]:
        """Every rule ID of the game's rules reference, in its order ([]: it has none)."""
        return []

    def cards(self, options: dict[str, Any]) -> list[CardInfo]:
        """Every distinct card of the card set these match options choose; a game without
        cards lists none."""
        return []

    def content_digest(self, options: dict[str, Any]) -> str:
        """A digest of the data these options make the game read (its card set), which a match
        pins at its start and every fold checks; "" for a game that reads none."""
        return ""

    def options_error(self, seats: int, options: dict[str, Any]) -> str | None:
        """Why these match options, each of a declared name, type and choice, cannot start a
        game of `seats` seats, or None (a card set the game cannot read, too few home worlds)."""
        return None

    def sealed(self, state: Any, seat: int) -> bool:
        """Whether what `seat` decides on `state` is a sealed choice: its ruling is shown to
        no one but the seat (organisers included) until an entry `reveals` it. By default,
        while `waiting` has the seats choose at once and `seat` is one of them."""
        waiting = self.waiting(state)
        return waiting.simultaneous and seat in (*waiting.must, *waiting.may)

    def sealed_event(self, event: Any) -> int | None:
        """The seat whose eyes alone may see this event until an entry `reveals` it (a seat's
        sealed choice, as the state keeps it); None for an event anyone may see."""
        return None

    def reveals(self, event: Any) -> bool:
        """Whether this event opens every sealed entry of the match before it (all choices
        shown at once). The match's end opens them too."""
        return False

    def needs_fresh_view(self, decision: Any) -> bool:
        """Whether a decision taken on an older view than the match's must be refused."""
        return True

    def card_picks(self, view: Any, legal: Sequence[Any]) -> list[CardPick]:
        """Which of `legal` (the seat's legal decisions, in `legal`'s order) are choices of
        several cards from `view` (the seat's), to offer as cards to tick; [] where none are."""
        return []

    def read_text(self, state: Any, seat: int, text: str) -> Any | Rejection:
        """A decision written as a player would write it (play by message), or why not."""
        return Rejection(MALFORMED, f"{self.name} has no text commands; send decisions as JSON")

    def write_text(self, state: Any, seat: int, decision: Any) -> str:
        """`decision` of `seat` written as the command `read_text` reads back to it; "" for a
        game without text commands."""
        return ""

    def text_help(self, state: Any, seat: int) -> str:
        """The text commands `seat` may send now."""
        return ""

    # Standing orders (`events.standing_orders`): "when asked <prompt> [if <condition>], answer
    # <text>", left by a seat for prompts that have not come yet.

    def prompts(self) -> dict[str, str]:
        """The prompts a standing order may name, each with what it asks in words; {}: none."""
        return {}

    def prompt_asking(self, state: Any, seat: int) -> str | None:
        """The name of the prompt asking `seat` now (one of `prompts`), or None."""
        return None

    def conditions(self, prompt: str) -> tuple[str, ...]:
        """The conditions a standing order on `prompt` may add, as the game words them."""
        return ()

    def order_answer(self, state: Any, seat: int, condition: str, answer: str) -> Any:
        """What a standing order's `answer` decides for `seat` on `state` (the prompt it names is
        asking), taken on what the seat may see: a decision, None while its `condition` does
        not hold, or a `Rejection` when the answer cannot be read now. By default conditions
        are none and an answer is a text command."""
        if condition:
            return None
        return text_read(self.read_text(state, seat, answer))

    def window_prompts(self) -> tuple[str, ...]:
        """The prompts (of `prompts`) that ask in a response window: a seat may answer, passing
        allowed, and play goes on once all asked have. A seat one asks has the clock's window
        time (`Clock.window_s`) and is told that a window is open to it, not that it is its turn."""
        return ()

    def window_ask(self, state: Any, seat: int) -> WindowAsk:
        """What the response window asking `seat` asks of it, in words, on a state `resample`
        dealt for that seat (`window_words`): by default "a window", the seat's legal decisions
        as `write_text` writes them, its pass the `pass` bot's answer."""
        legal = self.legal(state, seat)
        bot = self.bots.get("pass")
        passed = bot(state, seat, random.Random(0)) if bot is not None else None
        pass_command = "" if passed is None else self.write_text(state, seat, passed)
        return window_ask(
            "a window", [self.write_text(state, seat, d) for d in legal], pass_command
        )

    def automatic_prompts(self) -> tuple[str, ...]:
        """The prompts the game answers by itself where they have one legal answer."""
        return ()

    def automatic(self, state: Any, seat: int) -> Any | None:
        """The only answer `seat` has to the prompt asking it, where the game makes that prompt
        automatic (`automatic_prompts`) and it has one legal answer (or only a pass), else None.
        The judge (platform rules 3 on) answers it at once: what the others see of it must tell
        them nothing the seat holds secret."""
        return None


def in_window(ruleset: Ruleset, state: Any, seat: int) -> bool:
    """Whether a response window (`Ruleset.window_prompts`) asks `seat` now."""
    windows = ruleset.window_prompts()
    return bool(windows) and ruleset.prompt_asking(state, seat) in windows


def window_words(ruleset: Ruleset, state: Any, seat: int) -> WindowAsk | None:
    """What the response window asking `seat` now asks of it, worded on a state dealt anew for
    that seat, so that nothing of another seat's hand can reach its words; None where no
    window asks it."""
    if not in_window(ruleset, state, seat):
        return None
    return ruleset.window_ask(ruleset.resample(state, seat, random.Random(seat)), seat)


_KINDS = {bool: "true or false", int: "a whole number", str: "text"}


def setup_error(ruleset: Ruleset, seats: int, options: dict[str, Any]) -> str | None:
    """Why a match of `ruleset` cannot start with these seats and options, or None."""
    name, declared = ruleset.name, ruleset.options
    if not ruleset.min_seats <= seats <= ruleset.max_seats:
        return f"{name} takes {ruleset.min_seats} to {ruleset.max_seats} seats, not {seats}"
    for key, value in options.items():
        if key not in declared:
            takes = f"it takes {', '.join(sorted(declared))}" if declared else "it takes none"
            return f"{name} has no option {key!r}; {takes}"
        option = declared[key]
        if type(value) is not type(option.default):
            return f"{name} option {key!r} must be {_KINDS[type(option.default)]}"
        if option.choices and value not in option.choices:
            allowed = ", ".join(map(str, option.choices))
            return f"{name} option {key!r} must be one of {allowed}, not {value!r}"
    return ruleset.options_error(seats, options)


def text_read(read: Any) -> Any:
    """A game's reading of a text command: the decision, or its `TextError` as a refusal."""
    return Rejection(MALFORMED, read.message) if isinstance(read, TextError) else read


def seat_refusal(seat: Any, seats: int) -> Rejection | None:
    """Why `seat` is no seat of a `seats`-player match (the judge checks this first; a seat
    given in code reaches `decide` unchecked), or None. `True` is no seat, though it equals 1."""
    if type(seat) is not int or not 0 <= seat < seats:
        return Rejection(SEAT, f"there is no seat {seat!r} in this {seats}-player game")
    return None


def as_declared(decision: Any, decision_types: tuple[type, ...]) -> Any:
    """`decision` with the types its fields declare (ids ints, lists of them tuples), or why it
    cannot be: decoding checks this off the wire; a decision built in code (a bot's, a test's)
    reaches `decide` unchecked, so each `decide` begins with this rather than fail on a string
    where a number belongs."""
    if type(decision) not in decision_types:
        return Rejection(MALFORMED, f"{type(decision).__name__} is not a decision of this game")
    try:
        return _decoder(type(decision)).decode(_DECLARED.encode(decision))
    except (msgspec.ValidationError, OverflowError) as error:  # OverflowError: past 64 bits
        return Rejection(MALFORMED, f"{type(decision).__name__} is not well formed: {error}")


def _no_value(value: Any) -> NoReturn:
    raise msgspec.ValidationError(f"a decision holds no value of type {type(value).__name__}")


_DECLARED = msgspec.msgpack.Encoder(enc_hook=_no_value)


@cache
def _decoder(kind: type) -> msgspec.msgpack.Decoder:
    return msgspec.msgpack.Decoder(kind)


class UnknownRuleset(LookupError):
    pass


_REGISTRY: dict[str, Ruleset] = {}  # each game's current version: what new matches play
_KEPT: dict[tuple[str, str], Ruleset] = {}  # every version registered, by (name, version)

BUILT_IN = ("events.rulesets",)
EXTRA_ENV = "STARLEDGER_RULESETS"  # comma-separated modules that register more rulesets
DEFAULT_ENV = "STARLEDGER_GAME"  # the game a new match plays when none is named


def register(ruleset: Ruleset, *, current: bool = True) -> Ruleset:
    """Register a game's version; `current` false keeps an older or newer version beside the
    current one, so matches pinned to it are judged by it and matches can be re-judged under
    it (`starledger rejudge`)."""
    _KEPT[(ruleset.name, ruleset.version)] = ruleset
    if current:
        _REGISTRY[ruleset.name] = ruleset
    return ruleset


def load_rulesets() -> dict[str, Ruleset]:
    """Import the built-in rulesets and those named in $STARLEDGER_RULESETS."""
    extra = [m.strip() for m in os.environ.get(EXTRA_ENV, "").split(",") if m.strip()]
    for module in (*BUILT_IN, *extra):
        importlib.import_module(module)
    return _REGISTRY


def default_game() -> str:
    """$STARLEDGER_GAME, else the first game by name."""
    return os.environ.get(DEFAULT_ENV) or min(load_rulesets())


def rulesets_default_first() -> list[Ruleset]:
    """Every game, the default first, then by name: how lists of games are shown."""
    first = default_game()
    return sorted(load_rulesets().values(), key=lambda r: (r.name != first, r.name))


def round_word(game: str) -> str:
    """What `game` calls its rounds ("round", "turn"); "round" for a game not registered here
    (a client reading a server that has more games)."""
    found = load_rulesets().get(game)
    return found.round_word if found else Ruleset.round_word


def get_ruleset(name: str, version: str | None = None) -> Ruleset:
    """The game's current version, or its `version` where this install keeps it."""
    if name not in _REGISTRY:
        load_rulesets()
    try:
        current = _REGISTRY[name]
    except KeyError:
        raise UnknownRuleset(f"no game called {name!r}; known: {sorted(_REGISTRY)}") from None
    if version is None or version == current.version:
        return current
    if (kept := _KEPT.get((name, version))) is None:
        kept_here = ", ".join(versions(name))
        raise UnknownRuleset(f"{name} has no version {version!r} here; it has {kept_here}")
    return kept


def versions(name: str) -> list[str]:
    """The versions of a game this install judges by."""
    return sorted(v for n, v in _KEPT if n == name)


def pinned(name: str, version: str) -> Ruleset:
    """The version a match was opened with, where this install keeps it; else the current one
    (a release that dropped it judges the match as it always did, by what it has)."""
    try:
        return get_ruleset(name, version)
    except UnknownRuleset:
        return get_ruleset(name)
