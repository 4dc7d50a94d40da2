"""Every projection by name."""

from projections.analytics import Analytics
from projections.archive import Archive
from projections.audit import Audit
from projections.lobby import Lobby
from projections.messages import Messages
from projections.notices import Notices
from projections.projection import Projection
from projections.ratings import Ratings
from projections.replay import Replay
from projections.seat_lines import SeatLines
from projections.seat_views import SeatViews

PROJECTIONS: dict[str, type[Projection]] = {
    p.name: p
    for p in (
        SeatViews,
        SeatLines,
        Lobby,
        Archive,
        Replay,
        Audit,
        Analytics,
        Ratings,
        Notices,
        Messages,
    )
}


# Groups to run as a process each where cores are to spare: what players and bots read (views,
# lobby, replays; analytics and ratings ride along, being light) apart from the record of
# rulings (archive, audit), which costs the most per entry. The stack runs them all in one
# process: on two cores a second process costs more at live load (its own polling and commits)
# than it gains.
WORKER_GROUPS: dict[str, tuple[str, ...]] = {
    "players": (
        "seat_views",
        "seat_lines",
        "lobby",
        "replay",
        "analytics",
        "ratings",
        "notices",
        "messages",
    ),
    "records": ("archive", "audit"),
}


def resolve(names: list[str]) -> list[type[Projection]]:
    """The projections named, or the worker groups named; `all` (or no name) for every one."""
    if not names or names == ["all"]:
        return list(PROJECTIONS.values())
    names = [n for name in names for n in WORKER_GROUPS.get(name, (name,))]
    unknown = [n for n in names if n not in PROJECTIONS]
    if unknown:
        known = ", ".join([*PROJECTIONS, *WORKER_GROUPS])
        raise ValueError(f"no projection or worker group called {unknown[0]!r}; known: {known}")
    return [PROJECTIONS[n] for n in dict.fromkeys(names)]
