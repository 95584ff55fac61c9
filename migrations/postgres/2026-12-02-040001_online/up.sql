-- Online play (seed 001): see the SQLite migration of the same version.

-- Site-wide settings an administrator changes (`online_registration`: `open` or `closed`).
CREATE TABLE site_settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL,
    updated_by BIGINT REFERENCES users(id),
    updated_at TIMESTAMP NOT NULL
);

-- An open offer (target_id NULL: anyone may accept) or a direct challenge to one player.
CREATE TABLE online_seeks (
    id BIGSERIAL PRIMARY KEY,
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
    id BIGSERIAL PRIMARY KEY,
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
    id BIGSERIAL PRIMARY KEY,
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
    id BIGSERIAL PRIMARY KEY,
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
    id BIGSERIAL PRIMARY KEY,
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
