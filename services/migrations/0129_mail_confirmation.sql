-- An address given for a seat gets one confirmation mail and nothing else until its reader
-- replies `confirm` to it (which proves they read it: only that mail carries the reply token).
-- `confirmed_ms`: when; NULL until then, and again once the seat's address or player changes.
ALTER TABLE mail_seats ADD COLUMN confirmed_ms bigint;

-- Addresses whose reader replied `not me`: nothing is ever sent to them again.
CREATE TABLE mail_refused (
    address text PRIMARY KEY,           -- lower case
    refused_ms bigint NOT NULL
);

-- A confirmation delivery names its address (`detail->>'address'`, lower case): at most one a
-- while goes to an address, however often a seat names it.
CREATE INDEX mail_outbox_confirmations ON mail_outbox ((detail->>'address'), done_ms)
    WHERE kind = 'confirm';

-- Seats that already have a reply address were never confirmed: each is asked once.
INSERT INTO mail_outbox (delivery_id, match_id, seat, kind, upto_seq, created_ms, next_ms, detail)
SELECT 'confirm:' || token, match_id, seat, 'confirm', from_seq,
    (extract(epoch FROM now()) * 1000)::bigint, (extract(epoch FROM now()) * 1000)::bigint,
    jsonb_build_object('address', lower(address))
FROM mail_seats WHERE token IS NOT NULL
ON CONFLICT (delivery_id) DO NOTHING;
