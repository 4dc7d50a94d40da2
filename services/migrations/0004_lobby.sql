-- Every match as a lobby lists it: who sits where, how far it is, who must act.
CREATE TABLE lobby (
    match_id text PRIMARY KEY,
    game text NOT NULL,
    status text NOT NULL CHECK (status IN ('waiting', 'in_progress', 'finished')),
    seats integer NOT NULL,
    players text[] NOT NULL,            -- per seat; NULL where the seat is open
    round integer,
    phase text,
    to_act integer[] NOT NULL,
    seq integer NOT NULL,
    last_activity timestamptz NOT NULL,
    scores integer[],                   -- per seat, once scored
    winners integer[]
);

CREATE INDEX lobby_by_status ON lobby (status, last_activity DESC);
