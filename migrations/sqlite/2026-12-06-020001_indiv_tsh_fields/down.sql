ALTER TABLE indiv_divisions DROP COLUMN late_rounds;
ALTER TABLE indiv_players DROP COLUMN tsh_fields;
ALTER TABLE indiv_players DROP COLUMN team;
ALTER TABLE indiv_players DROP COLUMN class;
