"""When a league moves on, and what it writes: round 1 once enough players signed up (or at
its start date), each later round once every match of the one before has ended (and its date
has come, for a league with rounds at dates), the end once
the last round is played or too few players are left. Pure: the league worker calls it with
what the lobby says of the league's matches."""

from collections.abc import Mapping

from events.chance import chance_for
from events.leagues.entries import LeagueEnded, RoundDrawn, Table, match_id
from events.leagues.fold import League
from events.leagues.pairing import (
    met_pairs,
    round_robin,
    round_robin_order,
    round_robin_rounds,
    swiss,
)
from events.leagues.standings import standings

ROBIN_ORDER = 0  # the chance position of round robin's order; each Swiss round draws at its own


def planned_rounds(league: League) -> int:
    rules = league.rules
    if rules.pairing == "swiss" or not league.rounds:
        return rules.rounds
    starters = len(league.rounds[0].byes) + 2 * len(league.rounds[0].tables)
    schedule = round_robin_rounds(starters)
    return min(rules.rounds, schedule) if rules.rounds else schedule


def starts(league: League, now_ms: int) -> bool:
    rules, signed = league.rules, len(league.active())
    if signed < rules.seats:
        return False
    full = rules.players is not None and signed >= rules.players
    due = rules.starts_ms is not None and now_ms >= rules.starts_ms
    return full or due


def draw(league: League, placed: Mapping[str, list[int]]) -> RoundDrawn:
    """The next round, from the standings so far and the league's chance for that round."""
    number = len(league.rounds) + 1
    if league.rules.pairing == "round_robin":
        starters = league.rounds[0] if league.rounds else None
        players = (
            [p for t in starters.tables for p in t.players] + starters.byes
            if starters
            else [m.player_id for m in league.active()]
        )
        order = round_robin_order(players, chance_for(league.seed, ROBIN_ORDER))
        tables, byes = round_robin(order, number)
    else:
        active = {m.player_id for m in league.active()}
        points = {s.player_id: s.points for s in standings(league, placed) if s.player_id in active}
        met = met_pairs(t.players for r in league.rounds for t in r.tables)
        had_bye = {p for r in league.rounds for p in r.byes}
        chance = chance_for(league.seed, number)
        tables, byes = swiss(points, league.rules.seats, met, had_bye, chance)
    drawn = [Table(match_id(league.league_id, number, i), t) for i, t in enumerate(tables)]
    return RoundDrawn(round=number, tables=drawn, byes=byes)


def next_entry(
    league: League, placed: Mapping[str, list[int]], now_ms: int
) -> RoundDrawn | LeagueEnded | None:
    """What the league writes next, if anything: `placed` holds its ended matches' places."""
    if league.ended:
        return None
    if not league.rounds:
        return draw(league, placed) if starts(league, now_ms) else None
    if any(t.match_id not in placed for t in league.rounds[-1].tables):
        return None
    too_few = league.rules.pairing == "swiss" and len(league.active()) < league.rules.seats
    if len(league.rounds) >= planned_rounds(league) or too_few:
        return LeagueEnded()
    gap_ms = 1000 * league.rules.round_every_s
    if gap_ms and now_ms < league.drawn_ms[-1] + gap_ms:
        return None  # its date has not come
    return draw(league, placed)
