-- Sign-in links: a seat's holder opens the seat in a browser with a single-use code (sha256
-- only) that expires within minutes; the browser gets a fresh token of the same claim.
CREATE TABLE seat_links (
    digest text PRIMARY KEY,
    match_id text NOT NULL,
    seat integer NOT NULL,
    player text NOT NULL,
    player_id text REFERENCES players,
    claim_decision_id text NOT NULL,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
