DROP INDEX role_grants_unique;
DELETE FROM role_grants WHERE division_id IS NOT NULL;
ALTER TABLE role_grants DROP COLUMN division_id;
CREATE UNIQUE INDEX role_grants_unique ON role_grants
    (user_id, role, COALESCE(event_id, 0), COALESCE(team_id, 0), COALESCE(table_no, 0));
