-- The ratings read model (projections/ratings.py): each ended match's result for every person
-- who held a seat of it, from which ratings are folded in the order matches ended; and each
-- player's reliability per game, counted from the clock's and the organiser's entries.
CREATE TABLE player_results (
    match_id text NOT NULL,
    game text NOT NULL,
    ended_ms bigint NOT NULL,
    seat integer NOT NULL,
    n integer NOT NULL,                 -- the holder's place among the seat's holders
    player text NOT NULL,
    outcome text NOT NULL,              -- finished, left (to a bot), replaced (by a person)
    place integer,                      -- 1 for the winners; NULL when replaced
    win_share double precision NOT NULL,
    rated boolean NOT NULL,
    PRIMARY KEY (match_id, seat, n)
);
CREATE INDEX player_results_by_game ON player_results (game, ended_ms, match_id) WHERE rated;
CREATE INDEX player_results_by_player ON player_results (player, ended_ms);

CREATE TABLE player_reliability (
    player text NOT NULL,
    game text NOT NULL,
    decisions bigint NOT NULL,
    missed bigint NOT NULL,
    defaults bigint NOT NULL,
    resigned bigint NOT NULL,
    timed_out bigint NOT NULL,
    handed_over bigint NOT NULL,
    replaced bigint NOT NULL,
    PRIMARY KEY (player, game)
);
