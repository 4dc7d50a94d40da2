-- What replays fold: each match's entries, and its folded record every ~64 entries, so the
-- state at any step is one checkpoint plus a short tail. Read through projections.replay,
-- which shows only views until the match has ended (the state holds the seed).
CREATE TABLE replay_matches (
    match_id text PRIMARY KEY,
    ruleset text NOT NULL,
    last_seq integer NOT NULL,
    over boolean NOT NULL
);

CREATE TABLE replay_entries (
    match_id text NOT NULL,
    seq integer NOT NULL,
    entry bytea NOT NULL,               -- the entry as JSON, decoded by events.codec.decode_entry
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE replay_checkpoints (
    match_id text NOT NULL,
    seq integer NOT NULL,
    record bytea NOT NULL,              -- msgpack of events.match.MatchRecord, state left out
    state bytea NOT NULL,
    PRIMARY KEY (match_id, seq)
);
