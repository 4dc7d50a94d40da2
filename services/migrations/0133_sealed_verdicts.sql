-- A sealed choice's verdict is kept like the rest of it (projections/secrecy.py): a refused
-- one writes as many entries as an accepted one, and until the reveal its audit row's
-- `accepted` is null. The kind of a sealed entry and the state hashes of states holding a
-- sealed choice wait beside too. Rows kept before this keep their columns null: put back as
-- they are.
ALTER TABLE audit ALTER COLUMN accepted DROP NOT NULL;
ALTER TABLE audit_sealed
    ADD COLUMN accepted boolean,
    ADD COLUMN caused jsonb,
    ADD COLUMN hash_before text,
    ADD COLUMN hash_after text;
ALTER TABLE archive_sealed ADD COLUMN kind text, ADD COLUMN state_hash text;
