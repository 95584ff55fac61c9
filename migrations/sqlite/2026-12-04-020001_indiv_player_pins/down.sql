ALTER TABLE indiv_players DROP COLUMN pin;
