-- A message from the organiser is a notice too (kind 'message'). Seats that chose their kinds
-- before it existed could not have turned it off: they hear it.
UPDATE mail_seats SET kinds = kinds || ARRAY['message'] WHERE NOT 'message' = ANY(kinds);
UPDATE webhook_seats SET kinds = kinds || ARRAY['message'] WHERE NOT 'message' = ANY(kinds);
