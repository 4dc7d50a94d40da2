-- Platform rules 4 (SL-28): a sealed window's answers are held entries, numbered nothing and
-- heard by their seat alone until the window closes and tells them as numbered entries. The
-- truth of each (who sent it, when, what was asked and ruled) is kept here, read by its seat
-- and the server's operator only. Each follows the numbered entry `follows`; `n` is its place
-- among its window's held entries, in the order written (projections/projection.py `Held`).
CREATE TABLE archive_held (
    match_id text NOT NULL,
    follows integer NOT NULL,
    n integer NOT NULL,
    decision_id text NOT NULL,
    kind text NOT NULL,
    body jsonb NOT NULL,
    sealed_for integer NOT NULL,
    recorded_at_ms bigint NOT NULL,
    PRIMARY KEY (match_id, follows, n)
);

-- A held decision's audit row (its ruling's `n`), which its seat alone reads.
CREATE TABLE audit_held (
    match_id text NOT NULL,
    follows integer NOT NULL,
    n integer NOT NULL,
    decision_id text NOT NULL,
    seat integer NOT NULL,
    sender text NOT NULL,
    sent_at_ms bigint NOT NULL,
    recorded_at_ms bigint NOT NULL,
    asked jsonb NOT NULL,
    read jsonb,
    accepted boolean NOT NULL,
    rule text NOT NULL,
    reason text NOT NULL,
    caused jsonb NOT NULL,
    PRIMARY KEY (match_id, follows, n)
);
CREATE INDEX audit_held_by_decision ON audit_held (match_id, decision_id);

-- A batch of held entries alone, whole, as the replay keeps batches (`replay_steps`): where
-- the log is restored from, and what `verify` re-judges. `n` is its first entry's.
CREATE TABLE replay_held (
    match_id text NOT NULL,
    follows integer NOT NULL,
    n integer NOT NULL,
    entries bytea NOT NULL,
    PRIMARY KEY (match_id, follows, n)
);

-- The unheard design's column (0173): a window's answers are no numbered rows any more.
ALTER TABLE audit DROP COLUMN window_seat;
