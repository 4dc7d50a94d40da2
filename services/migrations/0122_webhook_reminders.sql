-- Reminders by webhook too: how long before a deadline a seat's webhook is reminded (0: never).
-- Targets set before this asked for no reminder.
ALTER TABLE webhook_seats ADD COLUMN remind_s integer NOT NULL DEFAULT 0;
