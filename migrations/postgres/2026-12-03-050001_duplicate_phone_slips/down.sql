ALTER TABLE duplicate_players DROP COLUMN pin;
