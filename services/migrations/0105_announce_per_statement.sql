-- Announcements fire once per statement over its rows (transition tables) instead of once per
-- row, and pack as many notices as fit into one notification: a projection writes a batch in
-- one statement, and a per-row trigger and notification cost about as much as the row itself.
-- Payloads: '<kind> [notice, ...]', JSON after the kind, under 8000 bytes:
--   'views [{"match_id", "seat", "seq", "view"}, ...]'  ("view" null when 7000 bytes or more)
--   'rulings [{"match_id", "decision_id", "seat", "ruling"}, ...]'  ("ruling" null when long)
--   'replays [{"match_id", "last_seq"}, ...]' on 'starledger_replay'
DROP TRIGGER seat_view_changed ON seat_views;
DROP TRIGGER ruling_recorded ON audit;
DROP TRIGGER replay_moved ON replay_matches;
DROP FUNCTION announce_seat_view();
DROP FUNCTION announce_ruling();
DROP FUNCTION announce_replay();

CREATE FUNCTION notify_packed(channel text, kind text, notices text[]) RETURNS void AS $$
DECLARE
    room integer := 7990 - octet_length(kind) - 3;  -- the kind, a space and the brackets
    packed text := '';
    notice text;
BEGIN
    FOREACH notice IN ARRAY notices LOOP
        IF packed <> '' AND octet_length(packed) + 1 + octet_length(notice) > room THEN
            PERFORM pg_notify(channel, kind || ' [' || packed || ']');
            packed := '';
        END IF;
        packed := CASE WHEN packed = '' THEN notice ELSE packed || ',' || notice END;
    END LOOP;
    IF packed <> '' THEN
        PERFORM pg_notify(channel, kind || ' [' || packed || ']');
    END IF;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION announce_seat_views() RETURNS trigger AS $$
BEGIN
    PERFORM notify_packed('starledger', 'views', ARRAY(
        SELECT json_build_object(
            'match_id', match_id, 'seat', seat, 'seq', seq,
            'view', CASE WHEN octet_length(view::text) < 7000 THEN view END
        )::text
        FROM written ORDER BY match_id, seat
    ));
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER seat_views_inserted AFTER INSERT ON seat_views
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_seat_views();
CREATE TRIGGER seat_views_updated AFTER UPDATE ON seat_views
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_seat_views();

-- A ruling is carried unless its texts are long (1000 bytes, even escaped, stay well under the
-- limit); sizing the texts spares serialising each ruling twice.
CREATE FUNCTION announce_rulings() RETURNS trigger AS $$
BEGIN
    PERFORM notify_packed('starledger', 'rulings', ARRAY(
        SELECT json_build_object(
            'match_id', match_id, 'decision_id', decision_id, 'seat', seat,
            'ruling', CASE
                WHEN octet_length(match_id) + octet_length(rule) + octet_length(reason) < 1000
                THEN json_build_object(
                    'match_id', match_id, 'seat', seat, 'accepted', accepted, 'rule', rule,
                    'reason', reason, 'first_seq', first_seq, 'last_seq', last_seq
                )
            END
        )::text
        FROM written ORDER BY match_id, first_seq
    ));
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER rulings_recorded AFTER INSERT ON audit
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_rulings();

CREATE FUNCTION announce_replays() RETURNS trigger AS $$
BEGIN
    PERFORM notify_packed('starledger_replay', 'replays', ARRAY(
        SELECT json_build_object('match_id', match_id, 'last_seq', last_seq)::text
        FROM written ORDER BY match_id
    ));
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER replays_inserted AFTER INSERT ON replay_matches
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_replays();
CREATE TRIGGER replays_updated AFTER UPDATE ON replay_matches
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_replays();
