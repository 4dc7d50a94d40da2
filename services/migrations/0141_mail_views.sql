-- A mail seat's view, legal decisions and help as of each batch the worker projected (issue 43):
-- a mail tells a seat's position as of its notice's entry, composed later, from rows, without
-- folding the match. Kept only for seats with mail; the mail worker drops those before the last
-- entry a seat was told of, so an ended match keeps a row a seat.
CREATE TABLE mail_views (
    match_id text NOT NULL,
    seat integer NOT NULL,
    seq integer NOT NULL,               -- the entry the view is as of: a batch's last
    view jsonb NOT NULL,
    legal jsonb NOT NULL,
    help text NOT NULL,
    PRIMARY KEY (match_id, seat, seq)
);
