-- Nothing reads the archive by decision (the audit trail answers that, and names the seqs a
-- decision caused); the index only cost every archived entry a second insert.
DROP INDEX archive_by_decision;
