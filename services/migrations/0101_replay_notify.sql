-- The bots worker reads matches from the replay model, so it wakes when that model moves:
-- 'replay <match_id> <last_seq>'.
CREATE FUNCTION announce_replay() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger', 'replay ' || NEW.match_id || ' ' || NEW.last_seq);
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER replay_moved AFTER INSERT OR UPDATE ON replay_matches
    FOR EACH ROW EXECUTE FUNCTION announce_replay();
