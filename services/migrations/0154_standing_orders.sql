-- Standing orders (issue 44): a seat's answers to prompts to come, left, changed and withdrawn
-- by its token alone, kept off the log (that they exist, and when they were left, is the
-- seat's secret). The bots worker sends an order's answer as the seat's decision, its cause in
-- the ruling, and marks an order it dropped (no longer legal) or that ran out, with why.
CREATE TABLE standing_orders (
    match_id text NOT NULL,
    seat integer NOT NULL,
    number integer NOT NULL,            -- the seat's own count, from 1, never reused
    player text NOT NULL,               -- the holder that left it: another holder's are not used
    prompt text NOT NULL,
    condition text NOT NULL DEFAULT '',
    answer text NOT NULL,
    until text NOT NULL CHECK (until IN ('turn', 'round', 'match')),
    left_at integer NOT NULL,           -- the match's entry when it was left or last changed
    left_round integer NOT NULL,        -- the game's round count then
    used_round integer,                 -- the round count when it first answered
    answered integer NOT NULL DEFAULT 0,
    ended_at integer,                   -- the entry at which it was dropped, ran out or withdrawn
    ended_why text,
    PRIMARY KEY (match_id, seat, number)
);

CREATE INDEX standing_orders_standing ON standing_orders (match_id) WHERE ended_at IS NULL;
