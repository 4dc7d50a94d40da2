-- Ratings and reliability follow the player id a seat was joined with (SeatClaimed.player_id,
-- SeatReplaced.player_id); '' where a seat was joined with a name alone, as every row before.
ALTER TABLE player_results ADD COLUMN player_id text NOT NULL DEFAULT '';
CREATE INDEX player_results_by_player_id ON player_results (player_id, ended_ms)
    WHERE player_id <> '';

ALTER TABLE player_reliability ADD COLUMN player_id text NOT NULL DEFAULT '';
ALTER TABLE player_reliability DROP CONSTRAINT player_reliability_pkey;
ALTER TABLE player_reliability ADD PRIMARY KEY (player, player_id, game);
CREATE INDEX player_reliability_by_player_id ON player_reliability (player_id, game)
    WHERE player_id <> '';
