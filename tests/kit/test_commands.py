"""A text command read for a seat of the match: its decision, or what was expected."""

from events.kit.commands import alone, command
from events.naming import TextError


def _end(game: str, seat: int, text: str) -> str:
    alone("end", text.removeprefix("end").strip())
    return f"{game}: seat {seat} ends"


def test_a_command_is_read_for_a_seat_of_the_match_and_what_was_expected_is_said() -> None:
    assert command(_end, "table", 1, 2, "end") == "table: seat 1 ends"
    for seat in (2, -1):
        no_seat = f"there is no seat {seat} in this 2-player game"
        assert command(_end, "table", seat, 2, "end") == TextError(no_seat)
    assert command(_end, "table", 0, 2, "end now") == TextError(
        "'end' takes nothing after it, not 'now'"
    )
