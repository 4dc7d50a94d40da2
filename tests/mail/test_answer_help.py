"""An order mail's `help` is answered as the seat stands once the mail's own commands are
judged: the help of the view the answer shows, not the help of the moment the mail was read
(a player who placed his units and asked for help was offered the placement again)."""

from services.mail.compose import Part, _rulings


async def test_the_help_answered_is_the_seats_own_after_its_commands() -> None:
    part = Part("m-1", 0, "answer", upto=17, after=11, token="t", detail={"help": True})
    lines = await _rulings(None, None, part, "pick <card> [taking <n> counters]")  # type: ignore[arg-type]
    assert lines[lines.index("Commands:") + 1] == "  pick <card> [taking <n> counters]"
    lines = await _rulings(None, None, part, "")  # type: ignore[arg-type]
    nothing = "  Nothing is asked of you now; you will hear when it is your turn."
    assert lines[lines.index("Commands:") + 1] == nothing
    assert "Lines the mail reads itself:" in lines  # the mail's own, whatever the game asks
