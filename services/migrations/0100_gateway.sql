-- Tokens, stored as sha256 digests only. A seat token counts once the claim of its seat
-- (`claim_decision_id`) has been accepted; an organiser token has no match.
CREATE TABLE tokens (
    digest text PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('seat', 'organiser')),
    match_id text,
    seat integer,
    player text,
    claim_decision_id text,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX tokens_by_seat ON tokens (match_id, seat);

-- Pushes: projection writes announce themselves, so the gateway streams instead of polling.
-- Payloads: 'view <match_id> <seat> <seq>' and 'ruling <match_id> <decision_id>'.
CREATE FUNCTION announce_seat_view() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger', 'view ' || NEW.match_id || ' ' || NEW.seat || ' ' || NEW.seq);
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER seat_view_changed AFTER INSERT OR UPDATE ON seat_views
    FOR EACH ROW EXECUTE FUNCTION announce_seat_view();

CREATE FUNCTION announce_ruling() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger', 'ruling ' || NEW.match_id || ' ' || NEW.decision_id);
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER ruling_recorded AFTER INSERT ON audit
    FOR EACH ROW EXECUTE FUNCTION announce_ruling();
