-- A match's name, as its organiser gave it when opening it (empty: none).
ALTER TABLE lobby ADD COLUMN name text NOT NULL DEFAULT '';
