-- Every entry in a line for each eyes (a seat; -1 the public), as those eyes may read it now,
-- written by the projection worker as it folds (issue 43): readers read a range of rows and
-- never fold a match. A seat's row only where its line is not the public's; the public's row
-- names the seat of a sealed choice not yet revealed.
CREATE TABLE seat_lines (
    match_id text NOT NULL,
    eyes integer NOT NULL,
    seq integer NOT NULL,
    line text NOT NULL,
    round integer,
    decided_by integer,
    sealed_for integer,
    PRIMARY KEY (match_id, eyes, seq)
);

-- A sealed choice's lines for the eyes it is kept from, until the step revealing it.
CREATE TABLE seat_lines_sealed (
    match_id text NOT NULL,
    eyes integer NOT NULL,
    seq integer NOT NULL,
    line text NOT NULL,
    PRIMARY KEY (match_id, eyes, seq)
);
