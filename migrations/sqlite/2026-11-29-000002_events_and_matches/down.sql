DROP TABLE challenges; DROP TABLE match_commands; DROP TABLE match_events; DROP TABLE matches; DROP TABLE players; DROP TABLE teams; DROP TABLE events;
