-- Issue 18, table devices per division: an individual event's table numbers restart in each
-- division, so "table 3" of division A and of division B are two boards. A table device's grant
-- may name the division it serves (none: every division of the event, as before). The unique
-- index of 2026-11-30-000030 gains the division, so one account may serve table 3 of A and of B
-- as two grants.
ALTER TABLE role_grants ADD COLUMN division_id BIGINT;
DROP INDEX role_grants_unique;
CREATE UNIQUE INDEX role_grants_unique ON role_grants
    (user_id, role, COALESCE(event_id, 0), COALESCE(team_id, 0), COALESCE(table_no, 0),
     COALESCE(division_id, 0));
