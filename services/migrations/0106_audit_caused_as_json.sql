-- What a decision caused, as a JSON array of entry kinds instead of text[]: the worker sends
-- a text[] value at about 4 µs a row (asyncpg builds arrays element by element), a JSON text
-- at a tenth of that, and jsonb still answers `caused ? 'cw.invaded'`.
ALTER TABLE audit ALTER COLUMN caused TYPE jsonb USING to_jsonb(caused);
