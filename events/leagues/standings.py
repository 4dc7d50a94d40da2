"""A league's standings from its drawn rounds and its ended matches' places.

Points: a match gives each seat one point per seat placed below it and half a point per seat
tied with it, over the seats it faced (1, ½ or 0 in a two-seat match; a four-seat match's
winner 1, second ⅔ ...); a bye scores a win. Ties are broken by Buchholz (the sum of the
points of every opponent met, the usual Swiss measure of how hard a player's draw was, and
fair for round robin too, where it only matters between players who met different
opponents), then by head to head (the points the tied players scored at tables they shared),
then they share the rank. A withdrawn player keeps the points of the rounds before the one
they withdrew in; their seats later played by bots, and their later byes, score for nobody."""

from collections import defaultdict
from collections.abc import Mapping

import msgspec

from events.leagues.fold import League


class Standing(msgspec.Struct, frozen=True):
    rank: int
    player_id: str
    name: str
    points: float
    buchholz: float
    head_to_head: float
    played: int
    byes: int
    withdrawn: bool


def places(winners: list[int], scores: list[int] | None, seats: int) -> list[int]:
    """Per seat: 1 + the seats ahead of it, winners first, then by score; ties share a place."""
    scored = list(scores or []) + [0] * seats
    keys = [(seat not in winners, -scored[seat]) for seat in range(seats)]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def seat_points(placed: list[int]) -> list[float]:
    faced = len(placed) - 1
    return [
        (sum(p > mine for p in placed) + 0.5 * (sum(p == mine for p in placed) - 1)) / faced
        for mine in placed
    ]


def counts(league: League, number: int, player_id: str) -> bool:
    """Whether the player's result of round `number` counts for them."""
    found = league.member(player_id)
    return found is not None and (found.withdrew_in is None or number < found.withdrew_in)


def standings(league: League, placed: Mapping[str, list[int]]) -> list[Standing]:
    """`placed`: each ended match's places by seat (`places`); unended matches score nothing
    yet."""
    points: dict[str, float] = defaultdict(float)
    opponents: dict[str, list[str]] = defaultdict(list)
    against: dict[tuple[str, str], float] = defaultdict(float)  # (player, opponent): points
    played: dict[str, int] = defaultdict(int)
    byes: dict[str, int] = defaultdict(int)
    for drawn in league.rounds:
        for player_id in drawn.byes:
            if counts(league, drawn.round, player_id):
                points[player_id] += 1.0
                byes[player_id] += 1
        for table in drawn.tables:
            if table.match_id not in placed:
                continue
            seat_places = placed[table.match_id]
            for seat, (player_id, share) in enumerate(
                zip(table.players, seat_points(seat_places), strict=True)
            ):
                if not counts(league, drawn.round, player_id):
                    continue
                points[player_id] += share
                played[player_id] += 1
                for other, player in enumerate(table.players):
                    if other == seat:
                        continue
                    opponents[player_id].append(player)
                    mine, theirs = seat_places[seat], seat_places[other]
                    against[player_id, player] += 1.0 if mine < theirs else 0.5 * (mine == theirs)
    buchholz = {m.player_id: sum(points[o] for o in opponents[m.player_id]) for m in league.members}
    tied: dict[tuple[float, float], list[str]] = defaultdict(list)
    for member in league.members:
        tied[points[member.player_id], buchholz[member.player_id]].append(member.player_id)
    head = {
        player_id: sum(against[player_id, other] for other in group if other != player_id)
        for group in tied.values()
        for player_id in group
    }

    def key(player_id: str) -> tuple[float, float, float]:
        return (-points[player_id], -buchholz[player_id], -head[player_id])

    ordered = sorted(league.members, key=lambda m: (key(m.player_id), m.name, m.player_id))
    return [
        Standing(
            rank=1 + sum(key(o.player_id) < key(m.player_id) for o in league.members),
            player_id=m.player_id,
            name=m.name,
            points=points[m.player_id],
            buchholz=buchholz[m.player_id],
            head_to_head=head[m.player_id],
            played=played[m.player_id],
            byes=byes[m.player_id],
            withdrawn=m.withdrew_in is not None,
        )
        for m in ordered
    ]
