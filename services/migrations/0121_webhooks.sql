-- Webhooks: a seat's target (set by its player through the gateway, kept off the log like a mail
-- address) and the format it takes. Its deliveries share `mail_outbox` (channel 'webhook'):
-- recorded by the notices projection under stable ids, retried with the same backoff.
CREATE TABLE webhook_seats (
    match_id text NOT NULL,
    seat integer NOT NULL,
    player text NOT NULL,               -- the holder it was set for; another holder hears nothing
    url text NOT NULL,
    format text NOT NULL CHECK (format IN ('json', 'discord', 'slack')),
    kinds text[] NOT NULL,              -- the notices wanted: turn, timeout, ended
    secret text NOT NULL,               -- signs the generic JSON body (HMAC-SHA256)
    from_seq integer NOT NULL,          -- notices of entries after this one only
    PRIMARY KEY (match_id, seat)
);

ALTER TABLE mail_outbox ADD COLUMN channel text NOT NULL DEFAULT 'mail'
    CHECK (channel IN ('mail', 'webhook'));
