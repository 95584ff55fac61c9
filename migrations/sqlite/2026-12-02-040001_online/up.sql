-- Online play (seed 001, O1-O4): site settings (self-registration on or off), seeks and direct
-- challenges, games with their append-only logs (folded by rules::online), and Glicko-2
-- ratings per variant (lexicon x mode x time class) with their history.

-- Site-wide settings an administrator changes (`online_registration`: `open` or `closed`).
CREATE TABLE site_settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL,
    updated_by BIGINT REFERENCES users(id),
    updated_at TIMESTAMP NOT NULL
);

-- An open offer (target_id NULL: anyone may accept) or a direct challenge to one player.
CREATE TABLE online_seeks (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    target_id BIGINT REFERENCES users(id),
    settings TEXT NOT NULL,
    variant TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'cancelled', 'accepted', 'declined')),
    game_id BIGINT,
    created_at TIMESTAMP NOT NULL,
    closed_at TIMESTAMP
);
CREATE INDEX online_seeks_status ON online_seeks(status);

-- A game between two accounts, with the projection of its log kept in the same transaction:
-- last seq, whether it is over, and when the sweeper must next look at it.
CREATE TABLE online_games (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    seek_id BIGINT NOT NULL REFERENCES online_seeks(id),
    player_a BIGINT NOT NULL REFERENCES users(id),
    player_b BIGINT NOT NULL REFERENCES users(id),
    variant TEXT NOT NULL,
    rated BOOLEAN NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE,
    last_seq BIGINT NOT NULL DEFAULT 0,
    next_timeout_at TIMESTAMP,
    created_at TIMESTAMP NOT NULL,
    finished_at TIMESTAMP
);
CREATE INDEX online_games_a ON online_games(player_a);
CREATE INDEX online_games_b ON online_games(player_b);

-- The game's append-only log: nothing is updated or deleted. It holds both racks and is never
-- sent as is (rules::online::view and public_event are what anyone sees).
CREATE TABLE online_game_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES online_games(id),
    seq BIGINT NOT NULL,
    at TIMESTAMP NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    idempotency_key TEXT,
    UNIQUE (game_id, seq),
    UNIQUE (game_id, idempotency_key)
);

-- O4: each player's current rating per variant.
CREATE TABLE online_ratings (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (user_id, variant)
);

-- O4: every rating change, one row per player per rated game.
CREATE TABLE online_rating_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    variant TEXT NOT NULL,
    game_id BIGINT NOT NULL REFERENCES online_games(id),
    before_rating DOUBLE PRECISION NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    at TIMESTAMP NOT NULL
);
CREATE INDEX online_rating_history_user ON online_rating_history(user_id);
