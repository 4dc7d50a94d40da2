-- Every match-log entry that counted. Until a match reveals its seed, every occurrence of the
-- seed in a body reads 'sealed:<seed commitment>' and the row is marked sealed; the worker
-- puts the seed back in the transaction that projects the match's match.seed_revealed.
CREATE TABLE archive (
    match_id text NOT NULL,
    seq integer NOT NULL,
    kind text NOT NULL,                 -- the body's tag, e.g. 'ruling' or 'cw.drafted'
    body jsonb NOT NULL,
    decision_id text NOT NULL,          -- the cause: every entry of one decision shares it
    rule text NOT NULL,                 -- the rule ID of that decision's ruling
    state_hash text NOT NULL,
    ruleset text NOT NULL,
    ruleset_version text NOT NULL,
    recorded_at_ms bigint NOT NULL,
    sealed boolean NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE INDEX archive_by_decision ON archive (decision_id);
