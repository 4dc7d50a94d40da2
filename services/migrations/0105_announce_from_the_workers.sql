-- The projection workers announce what they write (projections/announce.py), packing a
-- batch's notices into as few notifications as fit: per-row triggers building each notice in
-- SQL cost PostgreSQL about as much as the rows they announced.
DROP TRIGGER seat_view_changed ON seat_views;
DROP TRIGGER ruling_recorded ON audit;
DROP TRIGGER replay_moved ON replay_matches;
DROP FUNCTION announce_seat_view();
DROP FUNCTION announce_ruling();
DROP FUNCTION announce_replay();
