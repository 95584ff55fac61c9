-- A role is granted once: the same (account, role, event, team, table) twice is one grant.
-- Databases from before this rule may hold repeats; the oldest of each is kept (nothing refers
-- to a grant's id). NULLs are folded to 0 for the index, since a unique index treats NULLs as
-- distinct (ids and table numbers start at 1).
DELETE FROM role_grants WHERE id NOT IN (
    SELECT MIN(id) FROM role_grants
    GROUP BY user_id, role, COALESCE(event_id, 0), COALESCE(team_id, 0), COALESCE(table_no, 0)
);
CREATE UNIQUE INDEX role_grants_unique ON role_grants
    (user_id, role, COALESCE(event_id, 0), COALESCE(team_id, 0), COALESCE(table_no, 0));
