-- One-click unsubscribe (RFC 8058): a mail's List-Unsubscribe address carries a digest of the
-- seat's reply token (`services.mail.addresses.unsubscribe_key`), found by this index.
CREATE INDEX mail_seats_unsubscribe ON mail_seats (
    (left(encode(sha256(('starledger-unsubscribe:' || token)::bytea), 'hex'), 40))
);
