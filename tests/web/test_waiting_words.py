"""Whom a page says the match waits for (rendered from the templates, no browser): names while
seats act in turn; in a sealed phase "waiting for responses", never who has yet to answer."""

from events.messages import NO_MESSAGES
from services.web.jinja import render
from services.web.live import Shown
from services.web.talk import Talk

NAMES = ["Ana", "Ben", "Cy"]


def _waiting_line(must: list[str], may: list[str], responses: bool, turn: str = "") -> str:
    live = Shown(
        match_id="m-1",
        game="sealed-picks",
        status="in_progress",
        seq=4,
        behind=False,
        description=None,
        names=NAMES,
        scores=[],
        winners=[],
        round=1,
        phase="picking",
        must=must,
        may=may,
        told=[],
        responses=responses,
        turn=turn,
    )
    talk = Talk(NO_MESSAGES, "no messages", [], [], 0)
    page = render("watch_live.html", live=live, talk=talk, round_word=lambda game: "round")
    return next(line for line in page.splitlines() if 'id="waiting"' in line)


def test_a_phase_taken_in_turn_names_whom_it_waits_for() -> None:
    assert "Waiting for Ben" in _waiting_line(["Ben"], [], responses=False)


def test_a_sealed_phase_waits_for_responses_without_names() -> None:
    line = _waiting_line(["Ana", "Ben", "Cy"], [], responses=True)
    assert "Waiting for responses" in line and not any(name in line for name in NAMES)
    assert "yours is in and may change" in _waiting_line(["Ben", "Cy"], ["Ana"], True, "may")
    assert "yours among them" in _waiting_line(["Ana", "Ben", "Cy"], [], True, "must")
