-- Issue 17, N2 overtime limit: a game whose clock ran past zero before the limit existed has no
-- next timeout in its projection, so the sweeper never looked at it again. Due now: the sweeper
-- visits each such game once and records the loss on time, or writes when it falls due.
UPDATE online_games SET next_timeout_at = CURRENT_TIMESTAMP
WHERE finished = 0 AND next_timeout_at IS NULL;
