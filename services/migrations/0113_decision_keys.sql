-- A match's judged decisions are now keyed by seat, sender and id: the folded records that the
-- rules service and the projection workers keep as caches hold bare ids, so they fold afresh.
DELETE FROM rules_snapshots;
DELETE FROM rules_checkpoints;
DELETE FROM projection_book_matches;
DELETE FROM projection_books;
