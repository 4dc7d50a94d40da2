-- The seat whose sealed window answer an audit row is (NULL for any other row): its sender, its
-- time and the decision it was written under are that seat's alone, for good, so every other
-- reader reads them blank (projections/audit.py). An answer the judge wrote as the window
-- opened is a row of its own, as one sent by hand is.
ALTER TABLE audit ADD COLUMN window_seat integer;
