-- Moves of a running match to another version of its game (issue 47, SL-26), asked by its
-- organiser: the bots worker, which may read a running match's whole log (the gateway may
-- not), re-judges the match under that version and sends the move under the asked id.
CREATE TABLE upgrade_requests (
    decision_id text PRIMARY KEY,  -- the move's, whose ruling the organiser waits for
    match_id text NOT NULL,
    version text NOT NULL,
    asked_at timestamptz NOT NULL DEFAULT now(),
    made_at timestamptz
);
CREATE INDEX upgrade_requests_waiting ON upgrade_requests (asked_at) WHERE made_at IS NULL;
