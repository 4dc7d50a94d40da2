-- Play by mail and notifications. `mail_seats`: a seat's address and what it wants to hear,
-- set by its player through the gateway (personal data: never on the log). `mail_outbox`: the
-- deliveries to send, recorded by the notices projection from the log (and by the mail worker
-- for answers and reminders), each under a stable id, kept once sent: a rebuild records the
-- same ids again and sends nothing twice. `notice_waiting`: whom each match waited for after
-- the last entry the notices projection took, so it can tell when a seat's turn begins.
CREATE TABLE mail_seats (
    match_id text NOT NULL,
    seat integer NOT NULL,
    player text NOT NULL,               -- the holder it was set for; another holder hears nothing
    address text NOT NULL,
    kinds text[] NOT NULL,              -- the notices wanted: turn, reminder, timeout, ended
    digest_s integer NOT NULL,          -- at most one mail of notices per this many seconds
    remind_s integer NOT NULL,          -- a reminder this long before a deadline (0: none)
    from_seq integer NOT NULL,          -- notices of entries after this one only
    told_seq integer NOT NULL,          -- the last entry a mail to this seat told
    last_sent_ms bigint NOT NULL DEFAULT 0,
    token text UNIQUE,                  -- its reply address's token, set by the mail worker
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE mail_outbox (
    delivery_id text PRIMARY KEY,
    match_id text NOT NULL,
    seat integer NOT NULL,
    kind text NOT NULL,                 -- turn, reminder, timeout, ended, answer
    upto_seq integer,                   -- the entry it tells up to; an answer's once judged
    created_ms bigint NOT NULL,
    next_ms bigint NOT NULL,            -- not tried before then (retries back off)
    attempts integer NOT NULL DEFAULT 0,
    done_ms bigint,                     -- sent, or settled without a mail (see outcome)
    outcome text,                       -- sent, off (the seat turned this kind off), gone, error
    detail jsonb                        -- an answer: the mail read and the decisions it sent
);

CREATE INDEX mail_outbox_pending ON mail_outbox (next_ms) WHERE done_ms IS NULL;

CREATE TABLE notice_waiting (
    match_id text PRIMARY KEY,
    must integer[] NOT NULL
);

-- Every mail the inbound server took or refused, and why: nothing refused reaches the log.
CREATE TABLE mail_inbox (
    mail_key text PRIMARY KEY,          -- a digest of its token and Message-ID (else its bytes)
    match_id text,
    seat integer,
    received_ms bigint NOT NULL,
    outcome text NOT NULL,              -- read, no-token, unknown-token, not-text, oversized…
    detail text NOT NULL
);
