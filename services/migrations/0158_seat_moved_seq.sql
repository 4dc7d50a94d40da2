-- The last entry that changed what a seat decides on (`MatchRecord.moved_for`), beside the
-- entry its row is as of: a page posting a choice is stale only if that moved since it was
-- drawn, not when another seat's sealed choice moved the match on.
ALTER TABLE seat_views ADD COLUMN moved_seq integer;
UPDATE seat_views SET moved_seq = seq;
ALTER TABLE seat_views ALTER COLUMN moved_seq SET NOT NULL;
ALTER TABLE mail_views ADD COLUMN moved_seq integer;
UPDATE mail_views SET moved_seq = seq;
ALTER TABLE mail_views ALTER COLUMN moved_seq SET NOT NULL;
