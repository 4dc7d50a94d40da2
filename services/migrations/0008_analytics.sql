-- Facts, one row per thing that happened; the views aggregate them. Win shares split a
-- shared victory: each of two tied winners scores 0.5.
CREATE TABLE analytics_matches (
    match_id text PRIMARY KEY,
    game text NOT NULL,
    seats integer NOT NULL,
    entries integer NOT NULL,
    started_ms bigint NOT NULL,
    last_ms bigint NOT NULL,
    finished boolean NOT NULL
);

CREATE TABLE analytics_seats (
    match_id text NOT NULL,
    seat integer NOT NULL,
    player_number integer,              -- 1 for the seat holding Destiny at the start
    home_world text,
    win_share double precision,         -- NULL until the match is scored
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE analytics_drafts (
    match_id text NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    card text NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE analytics_invasions (
    match_id text NOT NULL,
    seq integer NOT NULL,
    seat integer NOT NULL,
    world text NOT NULL,
    succeeded boolean NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE analytics_rejections (
    match_id text NOT NULL,
    seq integer NOT NULL,
    rule text NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE VIEW analytics_card_drafts AS
WITH holders AS (
    SELECT card, match_id, seat, count(*) AS drafted
    FROM analytics_drafts GROUP BY card, match_id, seat
)
SELECT h.card, sum(h.drafted)::bigint AS drafted, count(*) AS holders,
       avg(s.win_share) AS holders_win_rate  -- over holders in scored matches
FROM holders h JOIN analytics_seats s USING (match_id, seat)
GROUP BY h.card;

CREATE VIEW analytics_home_world_wins AS
SELECT home_world, count(*) AS played, avg(win_share) AS win_rate
FROM analytics_seats WHERE home_world IS NOT NULL AND win_share IS NOT NULL
GROUP BY home_world;

CREATE VIEW analytics_seat_position_wins AS
SELECT m.game, m.seats, s.seat, s.player_number, count(*) AS played,
       avg(s.win_share) AS win_rate
FROM analytics_seats s JOIN analytics_matches m USING (match_id)
WHERE s.win_share IS NOT NULL
GROUP BY m.game, m.seats, s.seat, s.player_number;

CREATE VIEW analytics_match_length AS
SELECT game, seats, count(*) AS matches, avg(entries) AS mean_entries,
       avg(last_ms - started_ms) / 1000.0 AS mean_seconds
FROM analytics_matches WHERE finished
GROUP BY game, seats;

CREATE VIEW analytics_invasions_by_world AS
SELECT world, count(*) AS attempted, count(*) FILTER (WHERE succeeded) AS succeeded,
       count(*) FILTER (WHERE NOT succeeded) AS failed
FROM analytics_invasions GROUP BY world;

CREATE VIEW analytics_rejections_by_rule AS
SELECT rule, count(*) AS rejections FROM analytics_rejections GROUP BY rule;
