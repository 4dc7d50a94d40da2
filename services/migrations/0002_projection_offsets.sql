-- Where each projection worker stands on the match-log. A worker commits these rows in the
-- same transaction as its read-model rows, so its tables and its offsets never disagree.
CREATE TABLE projection_offsets (
    projection text NOT NULL,
    topic text NOT NULL,
    partition integer NOT NULL,
    next_offset bigint NOT NULL,        -- the first match-log offset not yet in the read model
    holder text,                        -- the worker allowed to write; NULL after a reset
    PRIMARY KEY (projection, topic, partition)
);

-- A worker's folded matches of one partition as of book_offset, so a restart re-folds only
-- the tail from book_offset to next_offset instead of the whole log.
CREATE TABLE projection_books (
    projection text NOT NULL,
    topic text NOT NULL,
    partition integer NOT NULL,
    book_offset bigint NOT NULL,
    owner text,                         -- the partition's fenced writer at book_offset
    PRIMARY KEY (projection, topic, partition)
);

CREATE TABLE projection_book_matches (
    projection text NOT NULL,
    topic text NOT NULL,
    partition integer NOT NULL,
    match_id text NOT NULL,
    ruleset text NOT NULL,
    ruleset_version text NOT NULL,
    record bytea NOT NULL,              -- msgpack of events.match.MatchRecord, state left out
    state bytea NOT NULL,               -- msgpack of the ruleset's state
    PRIMARY KEY (projection, topic, partition, match_id)
);
