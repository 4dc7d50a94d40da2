"""Pages count a match's rounds in its game's own word: a Star Realms match is at "turn 7",
a Race to 21 match at "round 3" (rendered from the templates, no browser)."""

from services.gateway.reads import LOBBY_COLUMNS, LobbyFilter
from services.web import session
from services.web.jinja import render
from services.web.lobby import STATUSES


def _row(match_id: str, game: str, round_: int) -> dict[str, object]:
    """A lobby row as the gateway reads it: every column (None unless given)."""
    return {column.strip(): None for column in LOBBY_COLUMNS.split(",")} | {
        "match_id": match_id,
        "name": "",
        "game": game,
        "status": "in_progress",
        "round": round_,
        "players": ["Ana", "Ben"],
        "acting": ["Ana"],
        "won_by": [],
        "scores": None,
        "clock": None,
        "deadlines": None,
        "seq": 9,
        "rated": True,
        "talk": "public messages, signed",
    }


def test_the_lobby_says_turn_for_star_realms_and_round_for_the_others() -> None:
    rows = [_row("m-1", "star-realms", 7), _row("m-2", "race-to-21", 3)]
    page = render(
        "lobby.html",
        title="Lobby",
        rows=rows,
        total=2,
        page=1,
        pages=1,
        page_link=str,
        wanted=LobbyFilter(),
        asked={},
        mine=False,
        games=["star-realms", "race-to-21"],
        statuses=STATUSES,
        mine_ids=set(),
        path=session.match_path,
        player_name=None,
    )
    assert "in progress, turn 7" in page and "in progress, round 3" in page
    assert "round 7" not in page and "turn 3" not in page
