-- The league read model (services/leagues/): every record of the `leagues` topic as it was
-- read (the league worker folds them, and writes them back to a broker that lost them), and
-- each league folded, its seed blanked until it ended.
CREATE TABLE league_records (
    topic text NOT NULL,                -- the stack's `leagues` topic (a namespace's own)
    log_offset bigint NOT NULL,
    league_id text NOT NULL,
    record jsonb NOT NULL,
    PRIMARY KEY (topic, log_offset)
);

CREATE TABLE leagues (
    league_id text PRIMARY KEY,
    name text NOT NULL,
    game text NOT NULL,
    status text NOT NULL,               -- signing up, playing, ended
    opened_ms bigint NOT NULL,
    league jsonb NOT NULL               -- events.leagues.fold.League, as readers may see it
);
CREATE INDEX leagues_by_status ON leagues (status, opened_ms DESC);
