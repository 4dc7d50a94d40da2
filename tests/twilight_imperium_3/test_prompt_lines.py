"""Every prompt the game declares is told in its own words: the line of the event that puts it
before the players, of each `Answered` in it, and of the event that closes it name what that
prompt is about, for every reader, so that no prompt is told with another's lines (Disclosure's
discard was told as a strategy card's secondary: "may follow", "declines", "the tactical
action is over")."""

from collections.abc import Iterator
from functools import cache
from typing import Any

from events.match import MatchRecord, apply
from events.rulesets.twilight_imperium_3.card_events import (
    CardCancelled,
    CardPlayed,
    CardResolved,
    CardsRevealed,
)
from events.rulesets.twilight_imperium_3.happenings import Answered
from events.rulesets.twilight_imperium_3.state import Game, Phase, WindowPrompt
from events.rulesets.twilight_imperium_3.steps import TABLE
from events.rulesets.twilight_imperium_3.tactical_events import Asked, Stepped, TimingPoint
from tests.random_play import random_match
from tests.twilight_imperium_3 import rare_entries
from tests.twilight_imperium_3.play import GAME

NAMES = ["ann", "bob", "cy", "di", "ed", "flo"]

# a word the line opening each prompt, and each answer told as `Answered`, must hold
OPENING = {
    Phase.GALAXY: "built",
    Phase.STATION: "starting units",
    Phase.STRATEGY: "strategy phase",
    Phase.ACTION: "action phase",
    Phase.SCORE: "objectives",
    Phase.COUNTERS: "counters",
    WindowPrompt.SECONDARY: "secondary",
    WindowPrompt.MOVEMENT: "move",
    WindowPrompt.SPACE_CANNON: "PDS",
    WindowPrompt.CASUALTIES: "casualties",
    WindowPrompt.RETREAT: "retreat",
    WindowPrompt.LANDING: "land",
    WindowPrompt.BOMBARDMENT: "bombard",
    WindowPrompt.PRODUCTION: "build",
    WindowPrompt.TALKS: "trade talks",
    WindowPrompt.BREAKING: "break trade agreements",
    WindowPrompt.HAND_LIMIT: "down to 7",
    WindowPrompt.SABOTAGE: "Sabotage",
    WindowPrompt.CARD: "action card",
    WindowPrompt.TIMING_POINT: "action cards",
    WindowPrompt.DISCLOSURE: "Disclosure",
    WindowPrompt.PRIMARY_DONE: "primary",
    WindowPrompt.SYNCHRONICITY: "Synchronicity",
}
# a word the line closing each window prompt must hold (a phase gives way to the next)
TACTICAL_ENDS = "action is over"
CLOSING = {
    WindowPrompt.SECONDARY: "secondary",
    WindowPrompt.MOVEMENT: TACTICAL_ENDS,
    WindowPrompt.SPACE_CANNON: TACTICAL_ENDS,
    WindowPrompt.CASUALTIES: TACTICAL_ENDS,
    WindowPrompt.RETREAT: TACTICAL_ENDS,
    WindowPrompt.LANDING: TACTICAL_ENDS,
    WindowPrompt.BOMBARDMENT: TACTICAL_ENDS,
    WindowPrompt.PRODUCTION: TACTICAL_ENDS,
    WindowPrompt.TIMING_POINT: TACTICAL_ENDS,
    WindowPrompt.TALKS: "trade talks",
    WindowPrompt.BREAKING: "trade agreements",
    WindowPrompt.HAND_LIMIT: "down to 7",
    WindowPrompt.SABOTAGE: "Sabotage",
    WindowPrompt.CARD: "action card",
    WindowPrompt.DISCLOSURE: "Disclosure",
    WindowPrompt.PRIMARY_DONE: "primary",
    WindowPrompt.SYNCHRONICITY: "Synchronicity",
}

Seen = tuple[str, str, Game | None, Any]  # opens, answers or closes; the prompt; state; event


def _current(state: Game | None) -> str | None:
    return None if state is None else str(TABLE.current(state))


def _moments(before: Game | None, event: Any) -> Iterator[tuple[str, str]]:
    """What the event does to the declared prompts: the one it opens, answers or closes."""
    after = GAME.evolve(before, event)
    now, then = _current(before), _current(after)
    if before is not None and len(after.stack) < len(before.stack):
        yield "closes", str(now)
    elif then != now and then in TABLE.prompts:
        yield "opens", str(then)
    if isinstance(event, Answered):
        yield "answers", str(now)


def _played() -> Iterator[tuple[Game | None, Any]]:
    """Each event, on its state, of the rare entries and of whole matches (a galaxy built)."""
    for before, body in rare_entries.examples():
        if type(body) in GAME.event_types:
            yield before, body
    for options in ({}, {"galaxy": "build"}):
        record: MatchRecord | None = None
        for entry in random_match("twilight-imperium-3", 3, "prompt-lines", options):
            if type(entry.body) in GAME.event_types:
                yield record.state if record is not None else None, entry.body
            record = apply(record, entry)


@cache
def _seen() -> list[Seen]:
    return [
        (moment, prompt, before, event)
        for before, event in _played()
        for moment, prompt in _moments(before, event)
    ]


def test_every_declared_prompt_has_words_of_its_own() -> None:
    assert set(OPENING) == set(TABLE.prompts)
    assert set(CLOSING) == set(TABLE.prompts) - set(Phase)


def test_every_declared_prompt_is_seen_opening_and_every_window_closing() -> None:
    opened = {prompt for moment, prompt, _, _ in _seen() if moment == "opens"}
    closed = {prompt for moment, prompt, _, _ in _seen() if moment == "closes"}
    assert opened == set(TABLE.prompts)
    assert closed == set(CLOSING)


def test_ti_q68_each_prompt_is_told_opening_answered_and_closing_in_its_own_words() -> None:
    wrong = []
    for moment, prompt, before, event in _seen():
        word = (CLOSING if moment == "closes" else OPENING)[prompt]
        for reader in (None, 0, 1, 2):
            line = GAME.narrate(before, event, reader, NAMES)
            if word.lower() not in line.lower():
                wrong.append((prompt, moment, line))
    assert not wrong, sorted(set(wrong))


def _lines(kind: type, reader: int = 0) -> list[str]:
    return [
        GAME.narrate(before, event, reader, NAMES)
        for before, event in rare_entries.examples()
        if isinstance(event, kind)
    ]


def test_ti_q2_a_card_is_told_by_name_with_its_player_and_the_players_it_names() -> None:
    assert "ann plays Disclosure naming bob" in _lines(CardPlayed)  # not "naming mentak"
    assert "ann's Privateers resolves" in _lines(CardResolved)  # not "the card resolves"
    assert "bob's Sabotage cancels ann's Privateers" in _lines(CardCancelled)
    revealed = _lines(CardsRevealed)
    assert "the answers are revealed: no Sabotage" in revealed
    assert "the answers are revealed: no card" in revealed


def test_ti_m2_a_tactical_prompt_is_told_as_asked_and_a_step_as_a_step() -> None:
    assert "ann may build" in _lines(Asked)  # not "ann builds": he may build nothing
    assert "the space battle step at 101" in _lines(Stepped)  # not a battle where none is
    assert "the action pauses for action cards after the system is activated" in _lines(
        TimingPoint
    )  # not "(TAC.activated)"
