-- The key the bots worker signs its decision ids with (made on its first start), so a player
-- cannot guess a bot's id, while a restarted worker still sends the id it sent before.
CREATE TABLE bot_id_key (
    one boolean PRIMARY KEY DEFAULT true CHECK (one),
    key text NOT NULL
);
