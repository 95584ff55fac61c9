DROP TABLE duplicate_game_events;
DROP TABLE duplicate_games;
DROP TABLE duplicate_players;
DROP TABLE duplicate_events;
DELETE FROM role_grants WHERE role IN ('referee', 'arbitrator');
ALTER TABLE role_grants DROP CONSTRAINT role_grants_role_check;
ALTER TABLE role_grants ADD CONSTRAINT role_grants_role_check
    CHECK (role IN ('director', 'committee', 'pic', 'captain', 'table'));
