-- Every seat's and the public's (eyes -1) view of a running match as of each batch the worker
-- projected (live: each decision), so the replay of a running match reads rows and the gateway
-- never folds a match whose seed and hands are still secret (issue 43). Dropped once the match
-- ends: a finished match's replay folds from the archive, where nothing is secret any more.
CREATE TABLE replay_views (
    match_id text NOT NULL,
    eyes integer NOT NULL,
    seq integer NOT NULL,               -- the entry the view is as of: a batch's last
    view jsonb NOT NULL,
    PRIMARY KEY (match_id, eyes, seq)
);

-- Running matches have none yet: the projection derives its rows again from offset zero.
UPDATE projection_offsets SET next_offset = 0, holder = NULL, log_head = NULL
    WHERE projection = 'seat_views';
TRUNCATE seat_views, public_views, mail_views;
