-- Issue 18, wrong players' PINs counted in the database (services::pins) rather than in each
-- instance's memory, so that several instances on one PostgreSQL count together and a restart
-- forgets nothing. One row per counted key ("p:<player>" or "ip:<address>"): the wrong PINs of
-- its current window and when that window began (Unix milliseconds, so that both backends do
-- the window's arithmetic alike). A window ends 10 minutes after it began; the next wrong PIN
-- starts a new one in place, and rows of ended windows are purged whenever a window starts.
CREATE TABLE pin_failures (
    key TEXT PRIMARY KEY NOT NULL,
    failures INTEGER NOT NULL,
    window_start BIGINT NOT NULL
);
CREATE INDEX pin_failures_window_start ON pin_failures (window_start);
