-- A game's start and choice totals, kept by the analytics projection as matches end
-- (projections/analytics_totals.py), so a statistics request no longer aggregates every fact;
-- filled here from the matches that ended before.
CREATE TABLE analytics_start_totals (
    game text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL,
    seats bigint NOT NULL,              -- seats that started with it, in scored matches
    wins double precision NOT NULL,     -- their win shares summed
    PRIMARY KEY (game, kind, subject)
);

CREATE TABLE analytics_choice_kinds (
    game text NOT NULL,
    kind text NOT NULL,
    counted boolean NOT NULL,           -- every later value of the kind was 0 or 1
    PRIMARY KEY (game, kind)
);

CREATE TABLE analytics_choice_totals (
    game text NOT NULL,
    kind text NOT NULL,
    subject text NOT NULL,
    taken bigint NOT NULL,              -- facts of value 1
    seats bigint NOT NULL,              -- seats that took it at least once, in scored matches
    wins double precision NOT NULL,     -- their win shares summed
    PRIMARY KEY (game, kind, subject)
);
CREATE INDEX analytics_choice_totals_by_taken ON analytics_choice_totals (game, taken DESC);

CREATE TEMPORARY TABLE ended ON COMMIT DROP AS
    SELECT match_id, game FROM analytics_matches WHERE finished;
CREATE TEMPORARY TABLE first_facts ON COMMIT DROP AS
    SELECT f.match_id, min(f.seq) AS seq FROM analytics_facts f JOIN ended USING (match_id)
    GROUP BY f.match_id;

INSERT INTO analytics_start_totals (game, kind, subject, seats, wins)
SELECT e.game, f.kind, f.subject, count(*), sum(s.win_share)
FROM analytics_facts f JOIN first_facts USING (match_id, seq) JOIN ended e USING (match_id)
JOIN analytics_seats s USING (match_id, seat) WHERE s.win_share IS NOT NULL
GROUP BY e.game, f.kind, f.subject;

INSERT INTO analytics_choice_kinds (game, kind, counted)
SELECT e.game, f.kind, bool_and(f.value IN (0, 1))
FROM analytics_facts f JOIN first_facts ff USING (match_id) JOIN ended e USING (match_id)
WHERE f.seq > ff.seq AND f.seat IS NOT NULL
GROUP BY e.game, f.kind;

INSERT INTO analytics_choice_totals (game, kind, subject, taken, seats, wins)
SELECT t.game, t.kind, t.subject, sum(t.times), count(*), sum(s.win_share)
FROM (
    SELECT e.game, f.match_id, f.seat, f.kind, f.subject, count(*) AS times
    FROM analytics_facts f JOIN first_facts ff USING (match_id) JOIN ended e USING (match_id)
    WHERE f.seq > ff.seq AND f.seat IS NOT NULL AND f.value = 1
    GROUP BY e.game, f.match_id, f.seat, f.kind, f.subject
) t JOIN analytics_seats s USING (match_id, seat) WHERE s.win_share IS NOT NULL
GROUP BY t.game, t.kind, t.subject;
