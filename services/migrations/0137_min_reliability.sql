-- The share of decisions on time a match asks of who joins it (MatchCreated.min_reliability);
-- NULL: nothing asked.
ALTER TABLE lobby ADD COLUMN min_reliability double precision;
