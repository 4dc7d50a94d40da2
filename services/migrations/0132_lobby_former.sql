-- Who played each seat before it was handed to a bot or to another player, in order: a lobby
-- row keeps the match's former holders ([{"seat": 1, "player": "ann"}]), as its record does.
ALTER TABLE lobby ADD COLUMN former jsonb;
