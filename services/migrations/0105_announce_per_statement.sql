-- Announcements fire once per statement over its rows (transition tables) instead of once per
-- row: a projection writes a batch in one statement, and a per-row plpgsql call cost about as
-- much as the row itself. Channels and payloads are unchanged (see 0102 and 0104).
DROP TRIGGER seat_view_changed ON seat_views;
DROP TRIGGER ruling_recorded ON audit;
DROP TRIGGER replay_moved ON replay_matches;
DROP FUNCTION announce_seat_view();
DROP FUNCTION announce_ruling();
DROP FUNCTION announce_replay();

CREATE FUNCTION announce_seat_views() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger', 'view ' || json_build_object(
        'match_id', match_id, 'seat', seat, 'seq', seq,
        'view', CASE WHEN octet_length(view::text) < 7000 THEN view END
    )::text) FROM written;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER seat_views_inserted AFTER INSERT ON seat_views
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_seat_views();
CREATE TRIGGER seat_views_updated AFTER UPDATE ON seat_views
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_seat_views();

CREATE FUNCTION announce_rulings() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger', 'ruling ' || json_build_object(
        'match_id', match_id, 'decision_id', decision_id, 'seat', seat,
        'ruling', CASE WHEN octet_length(ruling::text) < 7000 THEN ruling END
    )::text)
    FROM (
        SELECT *, json_build_object(
            'match_id', match_id, 'seat', seat, 'accepted', accepted, 'rule', rule,
            'reason', reason, 'first_seq', first_seq, 'last_seq', last_seq
        ) AS ruling
        FROM written
    ) AS rulings;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER rulings_recorded AFTER INSERT ON audit
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_rulings();

CREATE FUNCTION announce_replays() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger_replay', 'replay ' || match_id || ' ' || last_seq)
    FROM written;
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER replays_inserted AFTER INSERT ON replay_matches
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_replays();
CREATE TRIGGER replays_updated AFTER UPDATE ON replay_matches
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION announce_replays();
