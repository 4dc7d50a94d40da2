"""A game's start and choice totals, kept as its matches end so a statistics request reads a
few hundred rows rather than aggregating every fact (at 100,000 matches, seconds a request).

When a match ends its facts are all in `analytics_facts` (sealed ones put back by the end
that reveals them, earlier in the same batch's writes) and its seats' win shares are set, so
its share of each total is added once, in the batch that ended it; only rulings follow an end.
A *start* is a fact of the match's first entry that has any; a *choice* a later fact of a seat
with value 1, counted only for kinds whose every later value is 0 or 1 (`counted`)."""

from projections.writes import Write

ENDED = """ended AS (
    SELECT match_id, game FROM analytics_matches
    WHERE match_id IN (SELECT json_array_elements_text($1))),
first_facts AS (
    SELECT f.match_id, min(f.seq) AS seq FROM analytics_facts f JOIN ended USING (match_id)
    GROUP BY f.match_id)"""

STARTS = f"""WITH {ENDED}
INSERT INTO analytics_start_totals AS total (game, kind, subject, seats, wins)
SELECT e.game, f.kind, f.subject, count(*), sum(s.win_share)
FROM analytics_facts f JOIN first_facts USING (match_id, seq) JOIN ended e USING (match_id)
JOIN analytics_seats s USING (match_id, seat) WHERE s.win_share IS NOT NULL
GROUP BY e.game, f.kind, f.subject
ON CONFLICT (game, kind, subject) DO UPDATE
SET seats = total.seats + EXCLUDED.seats, wins = total.wins + EXCLUDED.wins"""

CHOICE_KINDS = f"""WITH {ENDED}
INSERT INTO analytics_choice_kinds AS known (game, kind, counted)
SELECT e.game, f.kind, bool_and(f.value IN (0, 1))
FROM analytics_facts f JOIN first_facts ff USING (match_id) JOIN ended e USING (match_id)
WHERE f.seq > ff.seq AND f.seat IS NOT NULL
GROUP BY e.game, f.kind
ON CONFLICT (game, kind) DO UPDATE SET counted = known.counted AND EXCLUDED.counted"""

CHOICES = f"""WITH {ENDED},
taken AS (
    SELECT e.game, f.match_id, f.seat, f.kind, f.subject, count(*) AS times
    FROM analytics_facts f JOIN first_facts ff USING (match_id) JOIN ended e USING (match_id)
    WHERE f.seq > ff.seq AND f.seat IS NOT NULL AND f.value = 1
    GROUP BY e.game, f.match_id, f.seat, f.kind, f.subject)
INSERT INTO analytics_choice_totals AS total (game, kind, subject, taken, seats, wins)
SELECT t.game, t.kind, t.subject, sum(t.times), count(*), sum(s.win_share)
FROM taken t JOIN analytics_seats s USING (match_id, seat) WHERE s.win_share IS NOT NULL
GROUP BY t.game, t.kind, t.subject
ON CONFLICT (game, kind, subject) DO UPDATE SET taken = total.taken + EXCLUDED.taken,
    seats = total.seats + EXCLUDED.seats, wins = total.wins + EXCLUDED.wins"""

TABLES = ("analytics_start_totals", "analytics_choice_kinds", "analytics_choice_totals")


def totals(ended: list[str]) -> list[Write]:
    """The statements adding the matches that ended in a batch to their game's totals."""
    return [Write(sql, ended) for sql in (STARTS, CHOICE_KINDS, CHOICES)] if ended else []
