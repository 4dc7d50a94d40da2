-- Messages between a match's players (issue 44), a row per message and eyes that may read it
-- (`projections.secrecy.message_readers`): -1 everyone, -2 the organiser, else a seat. A reader
-- reads the public's rows and its own eyes' rows; nothing else holds a private message's text.
CREATE TABLE messages (
    match_id text NOT NULL,
    eyes integer NOT NULL,
    seq integer NOT NULL,
    writer text NOT NULL,                 -- as its readers know it: a name, or `anonymous`
    writer_seat integer,                  -- a signed message's seat (for mutes); else NULL
    recipients jsonb NOT NULL,            -- the seats it was written to; [] everyone
    text text NOT NULL,                   -- '' once hidden
    hidden text,                          -- who hid it and why
    recorded_at_ms bigint NOT NULL,
    PRIMARY KEY (match_id, eyes, seq)
);

-- A seat's own choices, off the log: seats whose signed messages it does not want to read, and
-- the last message it read (what the seat page marks unread).
CREATE TABLE message_mutes (
    match_id text NOT NULL,
    seat integer NOT NULL,
    muted integer NOT NULL,
    PRIMARY KEY (match_id, seat, muted)
);
CREATE TABLE message_reads (
    match_id text NOT NULL,
    seat integer NOT NULL,
    read_seq integer NOT NULL,
    PRIMARY KEY (match_id, seat)
);
