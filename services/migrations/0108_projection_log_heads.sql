-- The log each projection's rows were built from, per partition: a digest of the partition's
-- first record (`projections.log_end.identity`). A worker compares it with the broker's log
-- when it takes the partition, so a log emptied or made anew under the same name stops it
-- instead of being read past its end or folded onto the old one's books. NULL until the
-- worker has read offset 0; a reset sets it back to NULL.
ALTER TABLE projection_offsets ADD COLUMN log_head text;
