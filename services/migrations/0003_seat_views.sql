-- The latest view of every seat, and the public (spectator) view, of every match.
CREATE TABLE seat_views (
    match_id text NOT NULL,
    seat integer NOT NULL,
    seq integer NOT NULL,               -- the entry the view is as of
    view jsonb NOT NULL,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE public_views (
    match_id text PRIMARY KEY,
    seq integer NOT NULL,
    view jsonb NOT NULL
);
