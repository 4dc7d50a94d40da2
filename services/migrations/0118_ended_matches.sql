-- An ended match is now kept as its tombstone (events.match.EndedMatch: no state, no judged ids)
-- in snapshots and book checkpoints; ones taken before hold ended matches whole, and say
-- nothing of the decision offset that ended them, so the caches fold afresh.
DELETE FROM rules_snapshots;
DELETE FROM rules_checkpoints;
DELETE FROM projection_book_matches;
DELETE FROM projection_books;
