-- A player's notice preferences, for all of their seats: a mail address and its wishes, a
-- webhook (each as `PUT /players/me/notices` took it, null: none), and the one secret that
-- signs the webhook's JSON bodies for every seat set from them. Kept off the log.
CREATE TABLE player_notices (
    player_id text PRIMARY KEY REFERENCES players,
    mail jsonb,
    webhook jsonb,
    webhook_secret text NOT NULL
);
