-- The last entry each seat's page showed, so the page marks what happened since the player
-- last looked. Kept by the gateway, off the log: a seat's reading is no event of its match.
CREATE TABLE seat_looks (
    match_id text NOT NULL,
    seat int NOT NULL,
    seq int NOT NULL,
    PRIMARY KEY (match_id, seat)
);
