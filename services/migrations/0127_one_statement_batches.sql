-- A projection batch's statements, run in order inside the one statement that calls this:
-- a batch costs its worker a single round trip to PostgreSQL (projections/writes.py).
-- Each statement is prepared once per session (named after its text's digest; the names
-- prepared are noted in a session setting, so a lookup costs no catalog scan), and its
-- data passed as a literal: the plans are kept, as a client's prepared statements' are.
CREATE FUNCTION starledger_write(statements text[], data json[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    prepared text := coalesce(current_setting('starledger.prepared', true), '');
    named text;
BEGIN
    FOR i IN 1 .. coalesce(array_length(statements, 1), 0) LOOP
        IF octet_length(data[i]::text) > 65536 THEN
            -- a backlog's rows: planning is cheap beside them, a literal this long is not
            EXECUTE statements[i] USING data[i];
            CONTINUE;
        END IF;
        named := 'starledger_' || md5(statements[i]);
        IF position(named IN prepared) = 0 THEN
            -- not noted: new to this session, or noted in a transaction that rolled back
            IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements AS p WHERE p.name = named) THEN
                EXECUTE format('PREPARE %I(json) AS %s', named, statements[i]);
            END IF;
            prepared := prepared || ' ' || named;
            PERFORM set_config('starledger.prepared', prepared, false);
        END IF;
        EXECUTE format('EXECUTE %I(%L)', named, data[i]);
    END LOOP;
END $$;

-- Stops a batch whose worker no longer holds a claim it writes under (projections/offsets.py).
CREATE FUNCTION starledger_lost_claim(why text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'SL001', MESSAGE = why;
END $$;
