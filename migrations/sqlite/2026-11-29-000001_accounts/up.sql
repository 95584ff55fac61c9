-- Accounts and role grants. Roles other than admin are granted per event (and per team or
-- table), so one person can be PIC at one event and a captain at another.
CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    is_admin BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE role_grants (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    role TEXT NOT NULL CHECK (role IN ('director', 'committee', 'pic', 'captain', 'table')),
    event_id BIGINT,
    team_id BIGINT,
    table_no INTEGER,
    granted_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    CHECK (role <> 'captain' OR team_id IS NOT NULL),
    CHECK (role <> 'table' OR table_no IS NOT NULL)
);
CREATE INDEX role_grants_user ON role_grants(user_id);
CREATE INDEX role_grants_event ON role_grants(event_id);
