-- Who this database is, so processes that keep their state in it find each other on the
-- broker and no others: the projection workers' consumer group is named by it, and a worker
-- started against another database joins another group instead of taking this one's
-- partitions (and leaving its read models without their matches).
CREATE TABLE database_identity (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    id text NOT NULL DEFAULT md5(random()::text || clock_timestamp()::text)
);
INSERT INTO database_identity DEFAULT VALUES;
