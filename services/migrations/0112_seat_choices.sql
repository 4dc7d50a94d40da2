-- What a seat may decide now, kept beside its view so the gateway never folds a match's
-- secret state per request: each legal decision with its text command, and the game's help.
ALTER TABLE seat_views ADD COLUMN legal jsonb NOT NULL DEFAULT '[]';
ALTER TABLE seat_views ADD COLUMN help text NOT NULL DEFAULT '';

-- Views written before hold no choices: the projection derives them again from offset zero.
UPDATE projection_offsets SET next_offset = 0, holder = NULL, log_head = NULL
    WHERE projection = 'seat_views';
TRUNCATE seat_views, public_views;
