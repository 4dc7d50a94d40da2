"""Every projection by name."""

from projections.analytics import Analytics
from projections.archive import Archive
from projections.audit import Audit
from projections.lobby import Lobby
from projections.projection import Projection
from projections.replay import Replay
from projections.seat_views import SeatViews

PROJECTIONS: dict[str, type[Projection]] = {
    p.name: p for p in (SeatViews, Lobby, Archive, Replay, Audit, Analytics)
}


def resolve(names: list[str]) -> list[type[Projection]]:
    """The projections named; `all` (or no name) for every one."""
    if not names or names == ["all"]:
        return list(PROJECTIONS.values())
    unknown = [n for n in names if n not in PROJECTIONS]
    if unknown:
        raise ValueError(f"no projection called {unknown[0]!r}; known: {', '.join(PROJECTIONS)}")
    return [PROJECTIONS[n] for n in names]
