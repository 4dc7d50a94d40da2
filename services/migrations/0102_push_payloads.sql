-- Pushes carry what they announce when it fits in a notification (under 8000 bytes), so a
-- stream need not read it back: 'view {"match_id", "seat", "seq", "view"}' and
-- 'ruling {"match_id", "decision_id", "seat", "ruling"}', JSON after the kind; "view" or
-- "ruling" is null when too big to carry.
CREATE OR REPLACE FUNCTION announce_seat_view() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger', 'view ' || json_build_object(
        'match_id', NEW.match_id, 'seat', NEW.seat, 'seq', NEW.seq,
        'view', CASE WHEN octet_length(NEW.view::text) < 7000 THEN NEW.view END
    )::text);
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION announce_ruling() RETURNS trigger AS $$
DECLARE
    ruling json := json_build_object(
        'match_id', NEW.match_id, 'seat', NEW.seat, 'accepted', NEW.accepted,
        'rule', NEW.rule, 'reason', NEW.reason, 'first_seq', NEW.first_seq,
        'last_seq', NEW.last_seq
    );
BEGIN
    PERFORM pg_notify('starledger', 'ruling ' || json_build_object(
        'match_id', NEW.match_id, 'decision_id', NEW.decision_id, 'seat', NEW.seat,
        'ruling', CASE WHEN octet_length(ruling::text) < 7000 THEN ruling END
    )::text);
    RETURN NULL;
END $$ LANGUAGE plpgsql;
