-- The rules service's snapshots: each match's folded record, and per partition the
-- match-log offset they are valid up to, so recovery reads only the tail after it.
CREATE TABLE rules_checkpoints (
    topic text NOT NULL,
    partition integer NOT NULL,
    next_offset bigint NOT NULL,        -- the first match-log offset not folded into the rows
    last_record_digest text NOT NULL,   -- digest of the record at next_offset - 1: proves the
                                        -- rows belong to this log and not a wiped one
    owner text NOT NULL,
    taken_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (topic, partition)
);

CREATE TABLE rules_snapshots (
    topic text NOT NULL,
    partition integer NOT NULL,
    match_id text NOT NULL,
    seq integer NOT NULL,
    ruleset text NOT NULL,
    ruleset_version text NOT NULL,
    record bytea NOT NULL,              -- msgpack of events.match.MatchRecord, state left out
    state bytea NOT NULL,               -- msgpack of the ruleset's state
    PRIMARY KEY (topic, partition, match_id)
);
