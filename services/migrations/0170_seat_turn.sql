-- What a seat's own row says of its turn: 'must' (the game waits for its decision), 'chosen'
-- (it made a sealed choice it may still change), 'may' (it may act), '' (none of these). The seat's own: the
-- lobby's `to_act` shows every seat of a sealed step choosing, so it cannot tell a seat that
-- has chosen from one still weighing, and "my games" read it from here. Rows written before
-- read as the lobby said until their match moves.
ALTER TABLE seat_views ADD COLUMN turn text NOT NULL DEFAULT '';
UPDATE seat_views AS s SET turn = 'must' FROM lobby AS l
    WHERE l.match_id = s.match_id AND s.seat = ANY(l.to_act);
ALTER TABLE mail_views ADD COLUMN turn text NOT NULL DEFAULT '';
