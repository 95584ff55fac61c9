-- Duplicate tournaments (seed 002): an event of Arbiter's with its Duplicate ruleset, its
-- players, its games, and each game's append-only log (folded by rules::duplicate).
-- The referee and arbitrator roles are granted per event like the others, so role_grants is
-- rebuilt with the wider CHECK (SQLite cannot alter a CHECK in place).

CREATE TABLE role_grants_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    role TEXT NOT NULL CHECK (role IN ('director', 'committee', 'pic', 'captain', 'table', 'referee', 'arbitrator')),
    event_id BIGINT,
    team_id BIGINT,
    table_no INTEGER,
    granted_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    CHECK (role <> 'captain' OR team_id IS NOT NULL),
    CHECK (role <> 'table' OR table_no IS NOT NULL)
);
INSERT INTO role_grants_new (id, user_id, role, event_id, team_id, table_no, granted_by, created_at)
    SELECT id, user_id, role, event_id, team_id, table_no, granted_by, created_at FROM role_grants;
DROP TABLE role_grants;
ALTER TABLE role_grants_new RENAME TO role_grants;
CREATE INDEX role_grants_user ON role_grants(user_id);
CREATE INDEX role_grants_event ON role_grants(event_id);
CREATE UNIQUE INDEX role_grants_unique ON role_grants
    (user_id, role, COALESCE(event_id, 0), COALESCE(team_id, 0), COALESCE(table_no, 0));

-- An event run as Duplicate: its ruleset (rules::duplicate::DuplicateRuleset as JSON).
CREATE TABLE duplicate_events (
    event_id BIGINT PRIMARY KEY NOT NULL REFERENCES events(id),
    ruleset TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- Individuals; `number` is what they write on their slips.
CREATE TABLE duplicate_players (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES duplicate_events(event_id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    licence TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, number)
);

-- A game of the event, with the projection of its log (last seq) kept in the same transaction.
CREATE TABLE duplicate_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES duplicate_events(event_id),
    game_no INTEGER NOT NULL,
    last_seq BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, game_no)
);

-- The game's append-only log: nothing is updated or deleted; undo is a new event.
CREATE TABLE duplicate_game_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES duplicate_games(id),
    seq BIGINT NOT NULL,
    at TIMESTAMP NOT NULL,
    actor TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    idempotency_key TEXT,
    UNIQUE (game_id, seq),
    UNIQUE (game_id, idempotency_key)
);
