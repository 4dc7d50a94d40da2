-- Players: a name and an id, proven by a player token. A player's seat tokens name the player,
-- so one token lists (and acts for) all of that player's seats.
CREATE TABLE players (
    player_id text PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Tokens expire (player tokens after a set time; seat tokens once their match has been over
-- a while, computed by the gateway) and are revoked by their holder or the organiser.
ALTER TABLE tokens DROP CONSTRAINT tokens_kind_check;
ALTER TABLE tokens ADD CONSTRAINT tokens_kind_check CHECK (kind IN ('seat', 'organiser', 'player'));
ALTER TABLE tokens
    ADD COLUMN player_id text REFERENCES players,
    ADD COLUMN expires_at timestamptz,
    ADD COLUMN revoked_at timestamptz,
    ADD COLUMN revoked_why text;
CREATE INDEX tokens_by_player ON tokens (player_id, match_id) WHERE player_id IS NOT NULL;

-- Invites: single-use codes (sha256 only) that an open seat is reserved for until they expire.
CREATE TABLE invites (
    digest text PRIMARY KEY,
    match_id text NOT NULL,
    seat integer NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invites_by_seat ON invites (match_id, seat);

-- Who holds a seat, and whether a match is over, change on the log; every gateway hears it
-- here and forgets what it remembered of the match (its tokens' seats, open streams).
CREATE FUNCTION announce_seating() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('starledger_seats', NEW.match_id);
    RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER seating_changed AFTER UPDATE ON lobby FOR EACH ROW
    WHEN (OLD.players IS DISTINCT FROM NEW.players OR OLD.status IS DISTINCT FROM NEW.status)
    EXECUTE FUNCTION announce_seating();
