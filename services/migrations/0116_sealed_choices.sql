-- Sealed simultaneous choices (see projections/secrecy.py). Until its match reveals it, an
-- entry sealed for a seat is stored as anyone but that seat may see it; what it keeps waits
-- in a table beside, moved back in the transaction that projects the reveal.

-- The whole body of each archive row that shows less, and the rule of its decision.
CREATE TABLE archive_sealed (
    match_id text NOT NULL,
    seq integer NOT NULL,
    body jsonb NOT NULL,
    rule text NOT NULL,
    PRIMARY KEY (match_id, seq)
);

-- The seat a row's decision is sealed for, while it is; what that row keeps.
ALTER TABLE audit ADD COLUMN sealed_for integer;
CREATE TABLE audit_sealed (
    match_id text NOT NULL,
    first_seq integer NOT NULL,
    ruling_seq integer NOT NULL,
    asked jsonb NOT NULL,
    read jsonb,
    rule text NOT NULL,
    reason text NOT NULL,
    PRIMARY KEY (match_id, first_seq)
);

-- Facts and rejections of sealed choices, counted once revealed.
CREATE TABLE analytics_sealed_facts (LIKE analytics_facts INCLUDING ALL);
CREATE TABLE analytics_sealed_rejections (LIKE analytics_rejections INCLUDING ALL);

-- The last entry that revealed the sealed entries before it, so a reader of steps need not
-- fold to the end to know what is open.
ALTER TABLE replay_matches ADD COLUMN revealed_seq integer NOT NULL DEFAULT 0;
