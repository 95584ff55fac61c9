-- A prepared game (issue 16) imported into a Duplicate game: the racks its console takes in
-- turn instead of drawing, so several clubs play the same game. Written once, before the
-- game's first rack, after every rack (D3) and top (D6) was replayed and checked.
CREATE TABLE duplicate_prepared (
    game_id BIGINT PRIMARY KEY NOT NULL REFERENCES duplicate_games(id),
    body TEXT NOT NULL,
    imported_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL
);
