"""Last word: a tiny card game written on the kit, for testing its response windows. Each seat
holds cards worth 1 to 3, in secret; a strike is answered by counters, each answered in a window
of its own (the rules: `RULES`)."""

import random
from collections.abc import Sequence
from enum import StrEnum
from typing import Any, ClassVar

import msgspec

from events.kit import windows
from events.kit.batch import Batch
from events.kit.evolve import dispatch
from events.kit.phases import Ask, Phased, Prompt, Table, default_bot, legal
from events.kit.windows import Window
from events.kit.words import listing, who
from events.platform_rules import MALFORMED
from events.ruleset import (
    Description,
    Field,
    Rejection,
    Ruleset,
    Section,
    Standing,
    Waiting,
    register,
)

HAND = 3
WORTHS = (1, 2, 3, 1, 2, 3, 1, 2, 3, 2, 3, 1)  # enough for four hands
RULES = {
    "LW-1": "On your turn strike with a card from your hand.",
    "LW-2": "The others holding cards, one by one from your left, counter it with a card or "
    "let it stand; a counter is answered so in a window of its own.",
    "LW-3": "Once all asked have answered, a strike scores its worth; a counter cancels the "
    "card it answers.",
    "LW-4": "A seat without cards is skipped; the game ends when no seat holds a card.",
}


class Prompts(StrEnum):
    TURN = "turn"
    ANSWER = "answer"


class Play(msgspec.Struct, frozen=True, tag="lw.play"):
    """A strike on one's turn, a counter in a window."""

    card: int  # its worth


class Pass(msgspec.Struct, frozen=True, tag="lw.pass"):
    pass


class Dealt(msgspec.Struct, frozen=True, tag="lw.dealt"):
    hands: tuple[tuple[int, ...], ...]


class Played(msgspec.Struct, frozen=True, tag="lw.played"):
    seat: int
    card: int  # its worth; 0: a pass


class Opened(msgspec.Struct, frozen=True, tag="lw.opened"):
    window: Window


class Closed(msgspec.Struct, frozen=True, tag="lw.closed"):
    cards: int  # the cards taken off the chain, with their windows: 2 when a counter cancels


class Scored(msgspec.Struct, frozen=True, tag="lw.scored"):
    seat: int
    points: int


class TurnPassed(msgspec.Struct, frozen=True, tag="lw.turn_passed"):
    seat: int


class Duel(msgspec.Struct, frozen=True):
    """The state, and a seat's view of it: another seat's cards show as 0s, their number alone."""

    hands: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    active: int = 0
    stack: windows.Stack = ()
    played: tuple[int, ...] = ()  # the card each open window answers (its worth)

    @property
    def over(self) -> bool:
        return not self.stack and not any(self.hands)  # LW-4


def _played(duel: Duel, e: Played) -> Duel:
    stack = windows.answered(duel.stack, e.seat) if duel.stack else ()
    if not e.card:
        return msgspec.structs.replace(duel, stack=stack)
    hand = list(duel.hands[e.seat])
    hand.remove(e.card)
    hands = tuple(tuple(hand) if s == e.seat else h for s, h in enumerate(duel.hands))
    return msgspec.structs.replace(duel, hands=hands, stack=stack, played=(*duel.played, e.card))


def _closed(duel: Duel, e: Closed) -> Duel:
    kept = len(duel.played) - e.cards
    stack = windows.closed(duel.stack, max(0, len(duel.stack) - kept))
    return msgspec.structs.replace(duel, stack=stack, played=duel.played[:kept])


evolve = dispatch(
    "last-word",
    {
        Dealt: lambda _, e: Duel(hands=e.hands, scores=(0,) * len(e.hands)),
        Played: _played,
        Opened: lambda d, e: msgspec.structs.replace(d, stack=windows.opened(d.stack, e.window)),
        Closed: _closed,
        Scored: lambda d, e: msgspec.structs.replace(
            d, scores=tuple(n + e.points * (s == e.seat) for s, n in enumerate(d.scores))
        ),
        TurnPassed: lambda d, e: msgspec.structs.replace(d, active=e.seat),
    },
)


def _answer(batch: Batch[Duel], seat: int) -> None:
    """The window asking the others holding cards, from `seat`'s left (LW-2); skipped if none."""
    duel = batch.game
    order = windows.seat_order(seat + 1, len(duel.hands), skip=seat)
    window = windows.opening(Prompts.ANSWER, order, lambda s: bool(duel.hands[s]), about=seat)
    batch.emit(Opened(window=window)) if window is not None else _take_effect(batch)


def _take_effect(batch: Batch[Duel]) -> None:
    """The newest card takes effect (LW-3), then play goes on beneath or to the next turn."""
    duel = batch.game
    if len(duel.played) == 1:  # the strike
        batch.emit(Scored(seat=duel.active, points=duel.played[0]), Closed(cards=1))
    else:
        batch.emit(Closed(cards=2))
    if not batch.game.stack:
        _next_turn(batch)


def _next_turn(batch: Batch[Duel]) -> None:
    duel = batch.game
    order = windows.seat_order(duel.active + 1, len(duel.hands))
    holding = [s for s in order if duel.hands[s]]  # LW-4
    if holding:
        batch.emit(TurnPassed(seat=holding[0]))


def _accept(duel: Duel, seat: int, decision: Any, chance: random.Random) -> list[Any]:
    batch = Batch(duel, chance, evolve)
    batch.emit(Played(seat=seat, card=getattr(decision, "card", 0)))
    if isinstance(decision, Play):
        _answer(batch, seat)
    return batch.events


def _from_hand(duel: Duel, seat: int, decision: Play) -> Rejection | None:
    if decision.card not in duel.hands[seat]:
        return Rejection("LW-1", f"you hold no card worth {decision.card}")
    return None


TABLE = Table(
    prompts={
        Prompts.TURN: Prompt(
            name=Prompts.TURN,
            asks=(Ask(Play, "LW-1", "strike", "play <worth>: strike", _from_hand),),
            owes=lambda d, s: s == d.active,
            accept=_accept,
            offers=lambda d, s: [Play(card=c) for c in sorted(set(d.hands[s]))],
            default=lambda d, s: Play(card=d.hands[s][0]),
        ),
        Prompts.ANSWER: Prompt(
            name=Prompts.ANSWER,
            asks=(
                Ask(Play, "LW-2", "counter", "play <worth>: counter", _from_hand),
                Ask(Pass, "LW-2", "pass", "pass"),
            ),
            owes=lambda d, s: windows.owes(d.stack[-1], s),
            accept=_accept,
            follows=_take_effect,
            offers=lambda d, s: [Pass(), *(Play(card=c) for c in sorted(set(d.hands[s])))],
            default=lambda d, s: Pass(),
            window=True,
        ),
    },
    current=lambda d: d.stack[-1].prompt if d.stack else Prompts.TURN,
    seats=lambda d: len(d.hands),
    over=lambda d: d.over,
    ended=Rejection("LW-4", "the game is over"),
    decisions=(Play, Pass),
    batch=lambda d, chance: Batch(d, chance, evolve),
)


class LastWord(Phased, Ruleset):
    name = "last-word"
    version = "1"
    min_seats = 2
    max_seats = 4
    decision_types = (Play, Pass)
    event_types = (Dealt, Played, Opened, Closed, Scored, TurnPassed)
    state_type = Duel
    view_type = Duel
    bots = {"pass": default_bot(TABLE), "random": lambda d, s, rng: rng.choice(legal(TABLE, d, s))}
    table: ClassVar[Table] = TABLE

    def initial(self, seats: int, options: dict[str, Any], chance: random.Random) -> list[Any]:
        deck = list(WORTHS[: seats * HAND])
        chance.shuffle(deck)
        return [Dealt(hands=tuple(tuple(deck[s * HAND : (s + 1) * HAND]) for s in range(seats)))]

    def evolve(self, state: Duel | None, event: Any) -> Duel:
        return evolve(state, event)

    def view(self, state: Duel, seat: int | None) -> Duel:
        hands = tuple(h if s == seat else (0,) * len(h) for s, h in enumerate(state.hands))
        stack = tuple(windows.shown(w, seat) for w in state.stack)
        return msgspec.structs.replace(state, hands=hands, stack=stack)

    def resample(self, state: Duel, seat: int, rng: random.Random) -> Duel:
        """The others' cards dealt anew among them, each keeping its number of cards."""
        unseen = [c for s, h in enumerate(state.hands) if s != seat for c in h]
        rng.shuffle(unseen)
        dealt = iter(unseen)
        hands = tuple(
            h if s == seat else tuple(next(dealt) for _ in h) for s, h in enumerate(state.hands)
        )
        return msgspec.structs.replace(state, hands=hands)

    def standing(self, state: Duel) -> Standing:
        best = max(state.scores)
        won = tuple(s for s, n in enumerate(state.scores) if n == best) if state.over else ()
        return Standing(round=0, phase=Ruleset.round_word, scores=state.scores, winners=won)

    def is_over(self, state: Duel) -> bool:
        return state.over

    def describe(self, view: Duel, players: Sequence[str] = ()) -> Description:
        mine = [h for h in view.hands if any(h)]

        def each(numbers: Sequence[int]) -> str:
            return ", ".join(f"{who(players, s)} {n}" for s, n in enumerate(numbers))

        fields = [
            Field("Your hand", listing(map(str, mine[0] if mine else ()))),
            Field("Cards held", each([len(h) for h in view.hands])),
            Field("Scores", each(view.scores)),
            Field("Turn", who(players, view.active)),
            Field("Answering", " on ".join(map(str, reversed(view.played))) or "nothing"),
        ]
        shown = windows.waiting(view.stack[-1]) if view.stack else Waiting(must=(view.active,))
        waiting = Waiting() if view.over else shown
        return Description("Last word", (Section("Duel", tuple(fields)),), waiting)

    def narrate(
        self, before: Duel | None, event: Any, seat: int | None, players: Sequence[str]
    ) -> str:
        match event:
            case Dealt(hands=hands):
                return f"{len(hands)} seats are dealt {HAND} cards each"
            case Played(seat=player, card=card):
                verb = "counters" if before is not None and before.stack else "strikes"
                return f"{who(players, player)} {f'{verb} with a {card}' if card else 'passes'}"
            case Opened(window=window):
                return f"{listing(who(players, s) for s in window.asked)} may answer"
            case Closed(cards=cards):
                return "the counter cancels the card it answers" if cards == 2 else "it is done"
            case Scored(seat=player, points=points):
                return f"{who(players, player)} scores {points}"
            case TurnPassed(seat=player):
                return f"{who(players, player)}'s turn"
            case Play() | Pass():
                return self.write_text(before, seat or 0, event)
        raise TypeError(f"last-word has no event or decision {event!r}")

    def rule_text(self, rule: str) -> str:
        return RULES.get(rule, "")

    def read_text(self, state: Duel, seat: int, text: str) -> Any | Rejection:
        said = text.strip().lower()
        if said in ("pass", *(f"play {worth}" for worth in range(1, 4))):
            return Pass() if said == "pass" else Play(card=int(said[-1]))
        return Rejection(MALFORMED, "write 'play <worth>' (1 to 3) or 'pass'")

    def write_text(self, state: Any, seat: int, decision: Any) -> str:
        return "pass" if isinstance(decision, Pass) else f"play {decision.card}"


register(LastWord())
