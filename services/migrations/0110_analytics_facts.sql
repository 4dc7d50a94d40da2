-- Analytics knows no game: each ruleset declares the facts it wants counted (kind, subject,
-- seat, value), and the views relate them to the seats' win shares. Core Worlds' drafts,
-- invasions, Home Worlds and player numbers become facts.
CREATE TABLE analytics_facts (
    match_id text NOT NULL,
    seq integer NOT NULL,
    n integer NOT NULL,                 -- the fact's place among its entry's facts
    seat integer,
    kind text NOT NULL,
    subject text NOT NULL,
    value bigint NOT NULL,
    PRIMARY KEY (match_id, seq, n)
);

INSERT INTO analytics_facts
SELECT match_id, seq, 0, seat, 'drafted', card, 1 FROM analytics_drafts
UNION ALL
SELECT match_id, seq, 0, seat, 'invaded', world, succeeded::int FROM analytics_invasions
UNION ALL
SELECT match_id, 0, 2 * seat, seat, 'home world', home_world, 1
FROM analytics_seats WHERE home_world IS NOT NULL
UNION ALL
SELECT match_id, 0, 2 * seat + 1, seat, 'player number', player_number::text, 1
FROM analytics_seats WHERE player_number IS NOT NULL;

DROP VIEW analytics_card_drafts, analytics_home_world_wins, analytics_seat_position_wins,
    analytics_invasions_by_world;
DROP TABLE analytics_drafts, analytics_invasions;
ALTER TABLE analytics_seats DROP COLUMN player_number, DROP COLUMN home_world;

-- Per game, kind and subject: how often, the values' sum (successes, amounts), and the win
-- rate of the seats it counted for, over scored matches.
CREATE VIEW analytics_fact_totals AS
WITH per_seat AS (
    SELECT match_id, seat, kind, subject, count(*) AS facts, sum(value) AS total
    FROM analytics_facts GROUP BY match_id, seat, kind, subject
)
SELECT m.game, f.kind, f.subject, sum(f.facts)::bigint AS facts, sum(f.total)::bigint AS total,
       count(*) FILTER (WHERE f.seat IS NOT NULL) AS seats, avg(s.win_share) AS seats_win_rate
FROM per_seat f
JOIN analytics_matches m USING (match_id)
LEFT JOIN analytics_seats s USING (match_id, seat)
GROUP BY m.game, f.kind, f.subject;

CREATE VIEW analytics_seat_wins AS
SELECT m.game, m.seats, s.seat, count(*) AS played, avg(s.win_share) AS win_rate
FROM analytics_seats s JOIN analytics_matches m USING (match_id)
WHERE s.win_share IS NOT NULL
GROUP BY m.game, m.seats, s.seat;
