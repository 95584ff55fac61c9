DROP TABLE online_rating_history;
DROP TABLE online_ratings;
DROP TABLE online_game_events;
DROP TABLE online_games;
DROP TABLE online_seeks;
DROP TABLE site_settings;
