"""A game's parts: its evolve table dispatched by event type, and its functions found where the
kit's layout puts them, with its rules reference beside them."""

from pathlib import Path
from typing import Any

import msgspec
import pytest

from events.kit.evolve import dispatch
from events.kit.parts import parts_of
from events.rulesets import star_realms
from events.rulesets.star_realms import describe, evolve, facts, narrate, resample, text, view


class Added(msgspec.Struct, frozen=True):
    amount: int


class Removed(msgspec.Struct, frozen=True):
    amount: int


def test_evolve_takes_the_row_of_the_events_type_and_names_the_game_for_one_it_lacks() -> None:
    tally = dispatch("tally", {Added: lambda total, e: total + e.amount})
    assert tally(3, Added(2)) == 5
    with pytest.raises(TypeError, match=r"^tally has no event Removed\(amount=1\)$"):
        tally(3, Removed(1))


def test_a_games_parts_are_found_where_the_layout_puts_them_a_part_given_in_their_place() -> None:
    def told(before: Any, event: Any, seat: int | None, players: Any) -> str:
        return "told"

    parts = parts_of("events.rulesets.star_realms", "SR", narrate=told)
    assert (parts.evolve, parts.view, parts.resample) == (
        evolve.evolve,
        view.view,
        resample.resample,
    )
    assert (parts.describe, parts.facts) == (describe.describe, facts.facts)
    assert (parts.parse, parts.render, parts.help_text) == (text.parse, text.render, text.help_text)
    assert parts.narrate is told and narrate.narrate is not told
    assert parts.reference == Path(star_realms.__file__).parent / "RULES.md"
    assert parts.reference.is_file() and parts.prefix == "SR"
