"""Every registered game tells its log in words: each event and decision type it declares
narrates to a line of its own, and whole matches played at random narrate entry by entry for
every seat and for the public, no one reading another seat's decisions."""

import re
from functools import cache
from typing import Any

import msgspec
import pytest

from events.codec import game_codec
from events.envelope import Entry, Ruling
from events.match import MatchRecord, apply
from events.narration import Narrator, seat_names
from events.ruleset import load_rulesets
from tests.random_play import random_match
from tests.twilight_imperium_3 import rare_entries

RULESETS = load_rulesets()
# options that bring out more event types
VARIANTS = {"core-worlds": [{"sector0_draft": True}], "twilight-imperium-3": [{"galaxy": "build"}]}
# where random play seldom reaches some types: scenes that do, each (state, event or decision)
SCENES = {"twilight-imperium-3": rare_entries.examples}
NAMES = ["ann", "bob", "cy", "di", "ed", "flo"]
MATCHES = {"star-realms": 5}  # random matches per setting, where one brings out too few types

Example = tuple[Any, Any, list[str]]  # the state before, the event or decision, the seats' names


def _shape(line: str, names: list[str]) -> str:
    """The line with its seats and numbers blanked: a catch-all line has one shape."""
    for name in names:
        line = line.replace(name, "P")
    return re.sub(r"[0-9]+", "N", line)


@cache
def _matches(game: str) -> list[list[Entry[Any]]]:
    ruleset = RULESETS[game]
    return [
        random_match(game, seats, f"told-{seats}" + (f"-{n}" if n else ""), options)
        for seats in range(ruleset.min_seats, ruleset.max_seats + 1)
        for options in ({}, *VARIANTS.get(game, ()))
        for n in range(MATCHES.get(game, 1))
    ]


def _decision(game: str, ruling: Ruling) -> Any:
    try:
        return game_codec(game).decision_body(bytes(ruling.asked))
    except msgspec.DecodeError:
        return None


@cache
def _examples(game: str) -> dict[type, list[Example]]:
    """Every event and decision of the random matches, with the state it came on."""
    found: dict[type, list[Example]] = {}
    for entries in _matches(game):
        record: MatchRecord | None = None
        for entry in entries:
            body = entry.body
            if isinstance(body, Ruling):
                body = _decision(game, body)
            if record is not None and body is not None:
                found.setdefault(type(body), []).append(
                    (record.state, body, seat_names(record.seat_players))
                )
            record = apply(record, entry)
    for before, body in SCENES.get(game, list)():
        found.setdefault(type(body), []).append((before, body, NAMES))
    return found


def _borrowed(kind: type, examples: dict[type, list[Example]]) -> Example:
    """A type no random match produced, its fields taken from an entry that has them all (a
    short invasion from a successful one)."""
    fields = msgspec.structs.fields(kind)
    for found in examples.values():
        for before, body, names in found:
            have = msgspec.structs.asdict(body) if isinstance(body, msgspec.Struct) else {}
            if all(f.name in have for f in fields if f.required):
                return (
                    before,
                    kind(**{f.name: have[f.name] for f in fields if f.name in have}),
                    names,
                )
    raise AssertionError(f"no match produced a {kind.__name__}, nor anything to build one from")


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_every_event_and_decision_type_narrates_to_lines_of_its_own(game: str) -> None:
    ruleset, examples = RULESETS[game], _examples(game)
    lines: dict[type, set[str]] = {}
    for kind in (*ruleset.event_types, *ruleset.decision_types):
        cases = examples.get(kind) or [_borrowed(kind, examples)]
        for before, body, names in cases[:50]:
            for seat in (None, *range(len(names))):
                line = ruleset.narrate(before, body, seat, names)
                tag = kind.__struct_config__.tag
                assert line.strip() and "\n" not in line, (kind, line)
                named = re.search(rf"\b{kind.__name__}\b", line)  # a card may hold it ("Consumer")
                assert tag not in line and not named and "=" not in line, line
                lines.setdefault(kind, set()).add(_shape(line, names))
    for kind, told in lines.items():
        for other, also in lines.items():
            assert other is kind or not told & also, (kind, other, told & also)


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_whole_matches_narrate_for_every_seat_and_the_public(game: str) -> None:
    ruleset = RULESETS[game]
    for entries in _matches(game):
        seats = entries[0].body.seats
        for eyes in (None, *range(seats)):
            narrator = Narrator(eyes)
            for entry in entries:
                before = narrator.record
                line = narrator.tell(entry)
                assert line.strip() and "\n" not in line, (entry, line)
                ruling = entry.body
                if not isinstance(ruling, Ruling) or ruling.seat in (None, eyes):
                    continue
                decision = _decision(game, ruling)
                if decision is not None and type(decision) in ruleset.decision_types:
                    names = seat_names(before.seat_players)
                    asked = ruleset.narrate(before.state, decision, ruling.seat, names)
                    assert asked not in line, (eyes, line)  # another seat's decision
                    assert ruling.accepted or ruling.reason not in line, (eyes, line)


@pytest.mark.parametrize("game", sorted(RULESETS))
def test_a_seat_reads_its_own_decision_as_the_command_it_sent(game: str) -> None:
    """Ana reads her own decision as she sent it, "Ana sent `no card`: accepted (TI-Q2, …)",
    never "Ana asked to no card", whichever game's command it was."""
    ruleset, told = RULESETS[game], []
    for entries in _matches(game):
        for eyes in range(entries[0].body.seats):
            narrator = Narrator(eyes)
            for entry in entries:
                before, ruling = narrator.record, entry.body
                line = narrator.tell(entry)
                if not isinstance(ruling, Ruling) or ruling.seat != eyes or ruling.order:
                    continue
                decision = _decision(game, ruling)
                if decision is not None and type(decision) in ruleset.decision_types:
                    names = seat_names(before.seat_players)
                    sent = ruleset.narrate(before.state, decision, eyes, names)
                    assert line.startswith(f"{names[eyes]} sent `{sent}`: "), line
                    told.append(line)
    assert told and not [line for line in told if " asked to " in line]
    if game == "twilight-imperium-3":
        assert any(" sent `no card`: accepted (TI-Q2, " in line for line in told)
