DROP TABLE indiv_slips;
DROP TABLE indiv_pairings;
DROP TABLE indiv_players;
DROP TABLE indiv_divisions;
DROP TABLE indiv_events;
