-- Match-log records no release reads (not JSON, no layout any schema had, text PostgreSQL
-- cannot store): a projection worker meeting one notes it here, skips it and serves on.
-- A reset forgets them; the rebuild that follows reads them again and notes them again.
CREATE TABLE unreadable_records (
    topic text NOT NULL,
    partition integer NOT NULL,
    log_offset bigint NOT NULL,
    reason text NOT NULL,
    noted_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (topic, partition, log_offset)
);
