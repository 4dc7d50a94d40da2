-- The pages read a match's corrections from the archive (a take-back waiting for answers, the
-- open disputes): its few rows of those kinds, found without reading the whole match.
CREATE INDEX archive_corrections ON archive (match_id, seq) WHERE kind IN (
    'match.take_back_asked',
    'match.take_back_answered',
    'match.set_aside',
    'match.disputed',
    'match.dispute_resolved'
);
