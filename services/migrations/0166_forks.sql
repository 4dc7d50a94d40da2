-- Forks (issue 47): where a fork was forked from, on its lobby row; and the forks asked for,
-- which the bots worker (which may fold a running match, the gateway may not) makes.
ALTER TABLE lobby ADD COLUMN fork_of text;
ALTER TABLE lobby ADD COLUMN fork_at integer;
CREATE TABLE fork_requests (
    fork_id text PRIMARY KEY,  -- the new match's id
    match_id text NOT NULL,
    seq integer NOT NULL,  -- the fork starts after this entry
    seat integer,  -- whose view it takes; null: the whole record of an ended match
    bots jsonb NOT NULL,  -- [{"seat": n, "bot": level}]
    asked_at timestamptz NOT NULL DEFAULT now(),
    made_at timestamptz
);
CREATE INDEX fork_requests_waiting ON fork_requests (asked_at) WHERE made_at IS NULL;
