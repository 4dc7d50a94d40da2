-- A seat's line of a ruling a standing order answered for it, as it reads once the match has
-- ended: the order is the seat's secret for good (anyone may read a finished match through any
-- seat's eyes), so the projection that ends the match moves these over the lines telling it.
CREATE TABLE seat_lines_orders (
    match_id text NOT NULL,
    eyes integer NOT NULL,
    seq integer NOT NULL,
    line text NOT NULL,
    PRIMARY KEY (match_id, eyes, seq)
);

-- A sealed ruling's sender and time, kept from others until its reveal like the rest of it: a
-- sealed row of `audit` shows neither (an automatic answer's sender would tell what its seat
-- held), and the reveal puts them back.
ALTER TABLE audit_sealed ADD COLUMN sender text, ADD COLUMN sent_at_ms bigint;
