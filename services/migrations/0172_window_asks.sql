-- What a response window asks of the seat of a deadline, in the game's words, and what the
-- clock does without an answer (`projections.window_asks`): its reminders say them. The
-- seat's own, as the deadline is: never shown in the lobby's public row. NULL for a turn's.
ALTER TABLE deadlines ADD COLUMN asks jsonb;
