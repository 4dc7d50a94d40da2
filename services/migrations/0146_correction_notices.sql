-- A take-back asked, a dispute filed or resolved, entries set aside: a notice to every seat
-- (kind 'correction', issue 47). Seats that chose their kinds before it existed get it too.
UPDATE mail_seats SET kinds = kinds || ARRAY['correction'] WHERE NOT 'correction' = ANY(kinds);
UPDATE webhook_seats SET kinds = kinds || ARRAY['correction'] WHERE NOT 'correction' = ANY(kinds);
