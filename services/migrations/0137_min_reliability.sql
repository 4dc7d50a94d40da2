-- What a match asks of its players beyond its game, as its creation says: the share of
-- decisions on time who joins must have (MatchCreated.min_reliability; NULL: nothing asked),
-- and whether its results count for ratings (MatchCreated.unrated).
ALTER TABLE lobby ADD COLUMN min_reliability double precision,
    ADD COLUMN rated boolean NOT NULL DEFAULT true;
