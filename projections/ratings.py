"""What a player's rating and record are read from: each ended match's result for every person
who held a seat of it (`player_results`), and each player's reliability per game as the
Diplomacy sites keep it (`player_reliability`: decisions, missed deadlines, defaults applied,
resignations, seats lost to a bot by timeout or by the organiser, seats replaced). The ratings
themselves are folded from the results in the order matches ended (`services.stats.ratings`):
the log's partitions reach this worker in no fixed order between them, so a rating kept here
would depend on it, and a rebuild would not give it again.

A person is the player id they joined with (`SeatClaimed.player_id`: a player token's), so two
players of one name are rated apart; a seat joined with a name alone is that name, as before.
Bots are never rated. A result counts for ratings only in a match its organiser did not open
unrated, where at least two people finished or left their seats, each at one seat alone."""

from collections import Counter
from typing import Any

from events import clock, seats
from events.envelope import Ruling, SeatClaimed, SeedRevealed
from events.match import EndedMatch, MatchRecord
from events.platform_rules import BOT_PREFIX
from events.ruleset import Standing, get_ruleset
from projections.analytics import win_shares
from projections.projection import Folded, Projection
from projections.writes import Write, insert

RESULT_COLUMNS = {
    "match_id": "text",
    "game": "text",
    "ended_ms": "bigint",
    "seat": "integer",
    "n": "integer",  # the holder's place among the seat's holders, first 0
    "player": "text",
    "player_id": "text",  # "" for a name alone
    "outcome": "text",  # finished, left (to a bot) or replaced (by another person)
    "place": "integer",  # 1 for the winners; left: below every seat; replaced: none
    "win_share": "double precision",
    "rated": "boolean",
}
# Counted per player and game; a batch adds its counts to the stored ones.
RELIABILITY = (
    "decisions",  # accepted decisions the player sent for a seat they held
    "missed",  # deadlines reached (whatever followed: an excuse, a wait, a default, a bot)
    "defaults",  # decisions the game's bot took for the player's seat on a missed deadline
    "resigned",
    "timed_out",  # seats handed to a bot for good on a missed deadline
    "handed_over",  # seats the organiser handed to a bot
    "replaced",  # seats the organiser gave another person
)
HANDED = {"resigned": "resigned", "timeout": "timed_out", "organiser": "handed_over"}


def person(player: str | None) -> bool:
    return player is not None and not player.startswith(BOT_PREFIX)


def places(standing: Standing, seat_count: int) -> list[int]:
    """Per seat: 1 + the seats ahead of it, winners first, then by score; ties share a place."""
    scores = list(standing.scores) + [0] * (seat_count - len(standing.scores))
    keys = [(seat not in standing.winners, -scores[seat]) for seat in range(seat_count)]
    return [1 + sum(other < mine for other in keys) for mine in keys]


def results(match: MatchRecord, ended_ms: int) -> list[tuple[Any, ...]]:
    """The rows of an ended match: one per person who held each seat, in turn."""
    place = places(get_ruleset(match.ruleset).standing(match.state), match.seats)
    shares = win_shares(match)
    rows = []
    for seat in range(match.seats):
        held = [p for s, p in match.handed_over if s == seat] + [match.seat_players[seat]]
        for n, player in enumerate(held):
            after = held[n + 1] if n + 1 < len(held) else None
            if not person(player) or after == player:  # seated anew in their own place
                continue
            if after is None:
                row = ("finished", place[seat], shares[seat])
            elif person(after):
                row = ("replaced", None, 0.0)
            else:
                row = ("left", match.seats + 1, 0.0)
            pid = match.player_id(seat, player)
            rows.append([match.match_id, match.ruleset, ended_ms, seat, n, player, pid, *row])
    counted = [row[6] or row[5] for row in rows if row[7] != "replaced"]
    rated = match.rated and len(counted) >= 2 and len(set(counted)) == len(counted)
    return [(*row, rated and row[7] != "replaced") for row in rows]


def players_before(match: MatchRecord, folded: Folded) -> list[str | None]:
    """Who held each seat before the step's entries, undoing the seat changes they made."""
    players = list(match.seat_players)
    for entry in reversed(folded.entries):
        match entry.body:
            case SeatClaimed(seat=seat):
                players[seat] = None
            case seats.SeatReplaced(seat=seat, previous=previous):
                players[seat] = previous
            case clock.SeatHandedToBot(seat=seat, player=player):
                players[seat] = player
    return players


class Ratings(Projection):
    name = "ratings"
    tables = ("player_results", "player_reliability")

    def __init__(self) -> None:
        self.results: list[tuple[Any, ...]] = []
        self.reliability: dict[tuple[str, str, str], Counter[str]] = {}  # (name, id, game)

    def count(self, match: MatchRecord, seat: int, player: str | None, what: str) -> None:
        if person(player):
            key = (player or "", match.player_id(seat, player), match.ruleset)
            self.reliability.setdefault(key, Counter())[what] += 1

    def take(self, folded: Folded) -> None:
        match = folded.match
        if isinstance(match, EndedMatch):  # a late ruling: refused, it changes nobody's record
            return
        players = players_before(match, folded)
        for entry in folded.entries:
            match entry.body:
                case Ruling(accepted=True, seat=int(seat), sender=sender):
                    if sender == players[seat]:
                        self.count(match, seat, sender, "decisions")
                case clock.DeadlineReached(seat=seat):
                    self.count(match, seat, players[seat], "missed")
                case clock.DefaultApplied(seat=seat):
                    self.count(match, seat, players[seat], "defaults")
                case clock.SeatHandedToBot(seat=seat, player=player, reason=reason):
                    self.count(match, seat, player, HANDED.get(reason, "handed_over"))
                    players[seat] = BOT_PREFIX
                case seats.SeatReplaced(seat=seat, player=player, previous=previous):
                    self.count(match, seat, previous, "replaced")
                    players[seat] = player
                case SeatClaimed(seat=seat, player=player):
                    players[seat] = player
                case SeedRevealed():
                    self.results += results(match, entry.recorded_at_ms)

    def writes(self) -> list[Write]:
        counts = [
            {
                "player": player,
                "player_id": pid,
                "game": game,
                **{what: counted[what] for what in RELIABILITY},
            }
            for (player, pid, game), counted in self.reliability.items()
        ]
        writes = insert("player_results", RESULT_COLUMNS, self.results)
        if counts:
            added = ", ".join(f"{c} = r.{c} + EXCLUDED.{c}" for c in RELIABILITY)
            sql = (
                "INSERT INTO player_reliability AS r SELECT * FROM"
                " json_populate_recordset(NULL::player_reliability, $1)"
                f" ON CONFLICT (player, player_id, game) DO UPDATE SET {added}"
            )
            writes.append(Write(sql, counts))
        return writes
