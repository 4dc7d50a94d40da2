-- Replay notices get a channel of their own: only the bots worker wants them, and every
-- notice on 'starledger' costs each gateway a wake-up. Payload as before:
-- 'replay <match_id> <last_seq>'.
CREATE OR REPLACE FUNCTION announce_replay() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger_replay', 'replay ' || NEW.match_id || ' ' || NEW.last_seq);
    RETURN NULL;
END $$ LANGUAGE plpgsql;
