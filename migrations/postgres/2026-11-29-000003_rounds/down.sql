ALTER TABLE matches DROP COLUMN void;
DROP TABLE round_pairings;
DROP TABLE rounds;
