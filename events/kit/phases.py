"""Declared phases: a game's table of prompts, each saying what it asks (decision types, each
with the rule that governs it and its judge), of whom, what follows once nobody owes a
decision, its help forms and its default; and the judge, the wait, the legal list, the
reactions, the help and the default decision, generic over that table."""

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import Any, ClassVar

import msgspec

from events.kit.batch import Batch
from events.ruleset import (
    Accepted,
    Bot,
    Rejection,
    Waiting,
    WindowAsk,
    as_declared,
    seat_refusal,
    window_ask,
)

NOT_ASKED = "nothing is asked of you now; the others are choosing"
EXAMPLES = 3  # commands shown for each help form

Judge = Callable[[Any, int, Any], Rejection | None]  # (state, seat, decision): why not, or None
Accept = Callable[[Any, int, Any, random.Random], list[Any]]  # an accepted decision's events
# (batch, seat, decision): an accepted decision's events written into a batch; it returns the
# rule it applied where that is finer than its ask's (an ability's slot), else None
CarryOut = Callable[[Batch[Any], int, Any], str | None]
Refuse = Callable[[Any, int, Any], Rejection]  # (state, seat, decision): why not
Verdict = Callable[[Any, int, Any, random.Random], Accepted | Rejection]  # judged and written


def _allowed(state: Any, seat: int, decision: Any) -> Rejection | None:
    return None


def _never(state: Any, seat: int) -> bool:
    return False


def _never_all(state: Any) -> bool:
    return False


def _nothing(batch: Batch[Any]) -> None:
    return None


class Ask(msgspec.Struct, frozen=True):
    """One decision a prompt asks: its type, the rule governing it, what it is in a refusal
    ("now is the time to <words>"), its form in text help, its judge, and what it does when
    it does something of its own (else its prompt's `accept` writes it)."""

    decision: type
    rule: str
    words: str
    form: str = ""
    judge: Judge = _allowed
    carry_out: CarryOut | None = None
    # judge and events at once, for an outcome worked out as it is judged (in place of `judge`
    # and the prompt's `accept`); the rule of an accepted decision is the verdict's
    verdict: Verdict | None = None
    # its refusal while play is at a prompt that does not ask it, whoever sends it
    untimely: Callable[[Any], Rejection] | None = None
    offers: Callable[[Any, int], Iterable[Any]] | None = None  # candidates `legal` judges
    # what a sealed choice does once its prompt reveals the choices (a step of sealed choices)
    revealed: CarryOut | None = None
    # its command, where it declares one: the words that begin it, how the game's parser reads
    # the rest (with the arguments that game's parser gives), how it is written, and how it
    # reads as the seat asked it (narration)
    verbs: tuple[str, ...] = ()
    read: Callable[..., Any] | None = None
    write: Callable[[Any, int, Any], str] | None = None
    said: Callable[..., str] | None = None
    # the line each event type it writes is told in, with the arguments the game's narration
    # gives, where the ask tells its events itself
    narrates: Mapping[type, Callable[..., str]] = msgspec.field(default_factory=dict)
    steady: bool = False  # depends on nothing others change: sent on an older view, judged
    # the bots' pick of it now, or None: taken first, or where a game's bots turn to it
    prefer: Callable[[Any, int], Any | None] | None = None


class Prompt(msgspec.Struct, frozen=True):
    """One phase, step or window prompt of a game, in one place."""

    name: StrEnum
    asks: tuple[Ask, ...]
    owes: Callable[[Any, int], bool]  # whether it waits on this seat (who must act)
    accept: Accept | None = None  # what an accepted decision writes, for asks with no carry_out
    answered: Callable[[Any, int], bool] = _never  # owing, but chosen and free to change (may)
    together: Callable[[Any], bool] = _never_all  # the owing seats choose at once, sealed
    asking: Callable[[Any, int], tuple[Ask, ...]] | None = None  # the asks now, when they vary
    follows: Callable[[Batch[Any]], None] = _nothing  # once nobody owes a decision
    meanwhile: Callable[[Batch[Any]], None] = _nothing  # what happens on its own as it waits
    refuse_idle: Callable[[Any, int], Rejection | None] | None = None  # a seat it does not wait on
    refuse_unasked: Refuse | None = None  # a decision it does not ask (else "now is the time")
    # candidates `legal` judges, in place of its asks' offers in turn
    offers: Callable[[Any, int], Iterable[Any]] | None = None
    default: Callable[[Any, int], Any] | None = None  # for a seat that does not answer
    automatic: bool = False  # answered by the judge where it has exactly one legal answer
    window: bool = False  # a response window's: its deadlines run the clock's window time

    def asked(self, state: Any, seat: int) -> tuple[Ask, ...]:
        return self.asking(state, seat) if self.asking is not None else self.asks


class Table(msgspec.Struct, frozen=True):
    """A game's prompts, and how to find the one play is at."""

    prompts: Mapping[StrEnum, Prompt]
    current: Callable[[Any], StrEnum]  # the prompt play is at: the top window's, else the phase's
    seats: Callable[[Any], int]
    over: Callable[[Any], bool]
    ended: Rejection  # the refusal of any decision once the game is over
    decisions: tuple[type, ...]
    batch: Callable[[Any, random.Random], Batch[Any]]
    foreign: Callable[[Any], Rejection] | None = None  # a decision of no type of the game's, first
    turn_first: bool = False  # a seat not asked is told so before its decision's fields are read
    # the game's own first checks, in its own order: the decision as declared, or why not
    # (in place of `_screened`'s)
    screen: Callable[[Any, int, Any], Any] | None = None

    def prompt(self, state: Any) -> Prompt:
        return self.prompts[self.current(state)]

    def ask_for(self, decision: Any) -> Ask | None:
        """The first ask of the decision's type, whichever prompt asks it."""
        asks = (a for p in self.prompts.values() for a in p.asks)
        return next((a for a in asks if type(decision) is a.decision), None)

    def written(self, state: Any, seat: int, decision: Any) -> str | None:
        """The decision's command as its ask writes it, where the ask declares how."""
        ask = self.ask_for(decision)
        if ask is None or ask.write is None:
            return None
        return ask.write(state, seat, decision)

    def readers(self) -> dict[str, Callable[..., Any]]:
        """Each word that begins a command an ask declares, with how the rest is read."""
        asks = (a for p in self.prompts.values() for a in p.asks if a.read is not None)
        return {verb: ask.read for ask in asks for verb in ask.verbs if ask.read is not None}

    def narrations(self) -> dict[type, Callable[..., str]]:
        """Each event type an ask tells in its own words, with how."""
        asks = (a for p in self.prompts.values() for a in p.asks)
        return {kind: tell for ask in asks for kind, tell in ask.narrates.items()}

    def untimely(self, state: Any, decision: Any) -> Rejection | None:
        """The refusal an ask declares for its decision out of its time, if one does."""
        for prompt in self.prompts.values():
            for ask in prompt.asks:
                if ask.untimely is not None and isinstance(decision, ask.decision):
                    return ask.untimely(state)
        return None


def _screened(table: Table, state: Any, seat: int, decision: Any) -> Any:
    """The first checks: a decision of the game's (`foreign`), well formed (unless the game
    reads its fields once the seat is asked: `turn_first`), the game running, a seat of the
    match; the decision with the types it declares, or why not."""
    if table.foreign is not None and type(decision) not in table.decisions:
        return table.foreign(decision)
    if not table.turn_first:
        decision = as_declared(decision, table.decisions)
        if isinstance(decision, Rejection):
            return decision
    if table.over(state):
        return table.ended
    refusal = seat_refusal(seat, table.seats(state))
    return decision if refusal is None else refusal


def decide(
    table: Table, state: Any, seat: int, decision: Any, chance: random.Random
) -> Accepted | Rejection:
    """Judge a decision (`_judged`), and write what an accepted one does."""
    judged = _judged(table, state, seat, decision)
    if isinstance(judged, Rejection):
        return judged
    prompt, ask, declared = judged
    return _accepted(table, prompt, ask, state, seat, declared, chance)


def _judged(
    table: Table, state: Any, seat: int, decision: Any
) -> Rejection | tuple[Prompt, Ask, Any]:
    """Why a decision is refused: the first checks (the game's `screen`, else `_screened`), out
    of its time, a seat the prompt does not wait on, a decision it does not ask, or its judge's
    refusal; else its prompt, its ask and the decision with the types it declares. An ask with
    a `verdict` is judged as it is carried out."""
    screen = table.screen or (lambda state, seat, d: _screened(table, state, seat, d))
    decision = screen(state, seat, decision)
    if isinstance(decision, Rejection):
        return decision
    prompt = table.prompt(state)
    asks = prompt.asked(state, seat)
    ask = next((a for a in asks if isinstance(decision, a.decision)), None)
    if ask is None and (untimely := table.untimely(state, decision)) is not None:
        return untimely
    if not prompt.owes(state, seat):
        idle = prompt.refuse_idle(state, seat) if prompt.refuse_idle else None
        return idle or Rejection(asks[0].rule, NOT_ASKED)
    if table.turn_first:
        decision = as_declared(decision, table.decisions)
        if isinstance(decision, Rejection):
            return decision
    if ask is None and prompt.refuse_unasked is not None:
        return prompt.refuse_unasked(state, seat, decision)
    if ask is None:
        return Rejection(asks[0].rule, f"now is the time to {' or '.join(a.words for a in asks)}")
    if ask.verdict is not None:
        return prompt, ask, decision
    return ask.judge(state, seat, decision) or (prompt, ask, decision)


def _accepted(
    table: Table, prompt: Prompt, ask: Ask, state: Any, seat: int, decision: Any, chance: Any
) -> Accepted | Rejection:
    """What an accepted decision writes: its ask's verdict (which may still refuse it), its
    carrying out, else its prompt's accept."""
    if ask.verdict is not None:
        return ask.verdict(state, seat, decision, chance)
    if ask.carry_out is not None:
        batch = table.batch(state, chance)
        rule = ask.carry_out(batch, seat, decision)
        return Accepted(rule or ask.rule, batch.events)
    if prompt.accept is None:
        raise LookupError(f"prompt {prompt.name} has no accept for {ask.decision.__name__}")
    return Accepted(ask.rule, prompt.accept(state, seat, decision, chance))


def waiting(table: Table, state: Any) -> Waiting:
    """The seats the prompt waits on (`must`), and those that have chosen and may change (`may`)."""
    if table.over(state):
        return Waiting()
    prompt = table.prompt(state)
    owing = [s for s in range(table.seats(state)) if prompt.owes(state, s)]
    chosen = tuple(s for s in owing if prompt.answered(state, s))
    must = tuple(s for s in owing if s not in chosen)
    return Waiting(must=must, may=chosen, simultaneous=prompt.together(state))


def react(table: Table, state: Any, chance: random.Random) -> list[Any]:
    """What follows the prompt once nobody owes it a decision; while someone does, what happens
    on its own meanwhile (often nothing)."""
    if table.over(state):
        return []
    prompt = table.prompt(state)
    happens = prompt.meanwhile if waiting(table, state).must else prompt.follows
    batch = table.batch(state, chance)
    happens(batch)
    return batch.events


def legal(table: Table, state: Any, seat: int) -> list[Any]:
    """The prompt's offers to `seat` that the judge accepts (what they would write is not
    worked out)."""
    prompt = table.prompt(state) if not table.over(state) else None
    if prompt is None or not prompt.owes(state, seat):
        return []
    asks = prompt.asked(state, seat)
    offered = prompt.offers(state, seat) if prompt.offers else offers(asks, state, seat)
    return [d for d in offered if not isinstance(_judged(table, state, seat, d), Rejection)]


def offers(asks: Iterable[Ask], state: Any, seat: int) -> list[Any]:
    """The offers of each ask in turn, of those that declare some."""
    return [d for ask in asks if ask.offers is not None for d in ask.offers(state, seat)]


def first_few(kind: type, said: list[str], form: str) -> list[str]:
    """The examples help shows by default: the first few commands."""
    return said[:EXAMPLES]


def help_lines(
    forms: Iterable[tuple[type, str]],
    options: Sequence[Any],
    render: Callable[[Any], str],
    pick: Callable[[type, list[str], str], list[str]] = first_few,
) -> list[str]:
    """A line per (decision type, form) that `options` hold: the form and those of them `pick`
    shows as commands (the form alone if none)."""
    lines = []
    for kind, form in forms:
        said = list(dict.fromkeys(render(d) for d in options if type(d) is kind))
        if said:
            shown = ", ".join(f"'{s}'" for s in pick(kind, said, form))
            lines.append(f"  {form}; e.g. {shown}" if shown else f"  {form}")
    return lines


def text_help(
    table: Table,
    state: Any,
    options: Sequence[Any],
    render: Callable[[Any], str],
    head: str,
    idle: str,
    naming: str = "",
    seat: int | None = None,
) -> str:
    """The help loop: `head`, then a line per form of the prompt's asks (those asked of `seat`
    now, when given) with a few of `options` as commands, then `naming`; `idle` when there is
    nothing to decide."""
    if table.over(state):
        return "The game is over."
    if not options:
        return idle
    prompt = table.prompt(state)
    asks = prompt.asks if seat is None else prompt.asked(state, seat)
    forms = help_lines(((ask.decision, ask.form) for ask in asks), options, render)
    return "\n".join([head, *forms, *([naming] if naming else [])])


def prompt_words(table: Table) -> dict[str, str]:
    """Each prompt's name, with what it asks: what a standing order names."""
    prompts = table.prompts.values()
    return {str(p.name): " or ".join(a.words for a in p.asks) for p in prompts if p.asks}


def asking(table: Table, state: Any, seat: int) -> str | None:
    """The prompt asking `seat` now, if it asks it anything."""
    if table.over(state):
        return None
    prompt = table.prompt(state)
    return str(prompt.name) if prompt.owes(state, seat) and prompt.asks else None


def automatic(table: Table, state: Any, seat: int) -> bool:
    """Whether an automatic prompt asks `seat` now, which it has not answered yet."""
    if table.over(state):
        return False
    prompt = table.prompt(state)
    return prompt.automatic and prompt.owes(state, seat) and not prompt.answered(state, seat)


def default_decision(table: Table, state: Any, seat: int) -> Any:
    """The prompt's default for a seat that does not answer (a window's pass)."""
    default = table.prompt(state).default
    if default is None:
        raise LookupError(f"prompt {table.current(state)} declares no default")
    return default(state, seat)


def window_words(
    table: Table, state: Any, seat: int, write: Callable[[Any], str], moment: str = ""
) -> WindowAsk:
    """The window prompt asking `seat` in words: "a <its name> window", the seat's legal
    answers as `write` writes them, its default as its pass, in its ask's words."""
    prompt = table.prompt(state)
    name = str(prompt.name)
    passed = default_decision(table, state, seat)
    ask = next((a for a in prompt.asks if type(passed) is a.decision), None)
    passing = ask.words if ask is not None else "pass"
    return window_ask(
        f"{'an' if name[0] in 'aeiou' else 'a'} {name} window",
        [write(d) for d in legal(table, state, seat)],
        write(passed),
        passing,
        moment,
    )


def preferred(table: Table, state: Any, seat: int) -> Any | None:
    """The greedy bots' first pick that an ask asked of `seat` now declares, if any."""
    if table.over(state):
        return None
    asks = table.prompt(state).asked(state, seat)
    picks = (ask.prefer(state, seat) for ask in asks if ask.prefer is not None)
    return next((pick for pick in picks if pick is not None), None)


def default_bot(table: Table) -> Bot:
    """The bot that answers every prompt with its default: the clock's `pass`."""
    return lambda state, seat, rng: default_decision(table, state, seat)


class Phased:
    """A ruleset's decide, waiting, legal, react and text help, generic over its `table` (put
    it before `Ruleset` among the bases)."""

    table: ClassVar[Table]
    help_naming: ClassVar[str] = ""  # how the game's commands name things, after the forms
    help_idle: ClassVar[str] = "Nothing for you to decide now."

    def decide(self, state: Any, seat: int, decision: Any, chance: random.Random) -> Any:
        return decide(self.table, state, seat, decision, chance)

    def waiting(self, state: Any) -> Waiting:
        return waiting(self.table, state)

    def legal(self, state: Any, seat: int) -> list[Any]:
        return legal(self.table, state, seat)

    def react(self, state: Any, chance: random.Random) -> list[Any]:
        return react(self.table, state, chance)

    def prompts(self) -> dict[str, str]:
        return prompt_words(self.table)

    def prompt_asking(self, state: Any, seat: int) -> str | None:
        return asking(self.table, state, seat)

    def needs_fresh_view(self, decision: Any) -> bool:
        """Whether its ask depends on what others change (a steady one does not)."""
        ask = self.table.ask_for(decision)
        return ask is None or not ask.steady

    def automatic_prompts(self) -> tuple[str, ...]:
        return tuple(str(p.name) for p in self.table.prompts.values() if p.automatic)

    def window_prompts(self) -> tuple[str, ...]:
        return tuple(str(p.name) for p in self.table.prompts.values() if p.window)

    def window_ask(self, state: Any, seat: int) -> WindowAsk:
        return window_words(self.table, state, seat, lambda d: self.write_text(state, seat, d))

    def automatic(self, state: Any, seat: int) -> Any | None:
        if not automatic(self.table, state, seat):
            return None
        answers = self.legal(state, seat)  # the game's own list, where it has one
        return answers[0] if len(answers) == 1 else None

    def help_head(self, state: Any, seat: int) -> str:
        """The line before the forms."""
        return "You may say:"

    def text_help(self, state: Any, seat: int) -> str:
        write = self.write_text
        return text_help(
            self.table,
            state,
            self.legal(state, seat),
            lambda decision: write(state, seat, decision),
            self.help_head(state, seat),
            self.help_idle,
            self.help_naming,
            seat,
        )
