-- One row per judged decision: who asked what, when, the verdict, and what it caused.
-- The seed is sealed in `asked` until the match reveals it, as in the archive.
CREATE TABLE audit (
    match_id text NOT NULL,
    first_seq integer NOT NULL,         -- the decision's entries are first_seq..last_seq
    last_seq integer NOT NULL,
    ruling_seq integer NOT NULL,
    decision_id text NOT NULL,
    seat integer,
    sender text NOT NULL,
    sent_at_ms bigint NOT NULL,
    recorded_at_ms bigint NOT NULL,
    asked jsonb NOT NULL,
    accepted boolean NOT NULL,
    rule text NOT NULL,
    reason text NOT NULL,
    caused text[] NOT NULL,             -- the kinds of its entries, in seq order
    hash_before text NOT NULL,          -- '' for the decision that created the match
    hash_after text NOT NULL,
    sealed boolean NOT NULL,
    PRIMARY KEY (match_id, first_seq)
);

CREATE INDEX audit_rejections ON audit (match_id, first_seq) WHERE NOT accepted;
CREATE INDEX audit_by_decision ON audit (decision_id);
