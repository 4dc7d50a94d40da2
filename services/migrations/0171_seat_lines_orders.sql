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
