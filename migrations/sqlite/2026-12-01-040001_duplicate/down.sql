DROP TABLE duplicate_game_events;
DROP TABLE duplicate_games;
DROP TABLE duplicate_players;
DROP TABLE duplicate_events;
DELETE FROM role_grants WHERE role IN ('referee', 'arbitrator');
CREATE TABLE role_grants_old (
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
INSERT INTO role_grants_old SELECT id, user_id, role, event_id, team_id, table_no, granted_by, created_at FROM role_grants;
DROP TABLE role_grants;
ALTER TABLE role_grants_old RENAME TO role_grants;
CREATE INDEX role_grants_user ON role_grants(user_id);
CREATE INDEX role_grants_event ON role_grants(event_id);
CREATE UNIQUE INDEX role_grants_unique ON role_grants
    (user_id, role, COALESCE(event_id, 0), COALESCE(team_id, 0), COALESCE(table_no, 0));
