-- A match's clock and its seats' deadlines as the lobby shows them, and the deadlines the clock
-- service sweeps (both kept by the lobby projection, from the log).
ALTER TABLE lobby ADD COLUMN clock jsonb, ADD COLUMN deadlines jsonb;

CREATE TABLE deadlines (
    match_id text NOT NULL,
    seat integer NOT NULL,
    due_ms bigint NOT NULL,
    fires_ms bigint NOT NULL,           -- due plus the grace period: when a timeout acts
    at_seq integer NOT NULL,            -- the position it was set at
    PRIMARY KEY (match_id, seat)
);

CREATE INDEX deadlines_by_time ON deadlines (fires_ms);

-- When each clock service (by namespace) last swept: how it tells, on starting, that it was
-- down and for how long. Not a read model: losing it only loses the next outage's extension.
CREATE TABLE clock_heartbeats (
    name text PRIMARY KEY,
    seen_ms bigint NOT NULL
);
