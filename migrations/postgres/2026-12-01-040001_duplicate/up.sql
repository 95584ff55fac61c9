-- Duplicate tournaments (seed 002): see the SQLite migration of the same version.
ALTER TABLE role_grants DROP CONSTRAINT role_grants_role_check;
ALTER TABLE role_grants ADD CONSTRAINT role_grants_role_check
    CHECK (role IN ('director', 'committee', 'pic', 'captain', 'table', 'referee', 'arbitrator'));

CREATE TABLE duplicate_events (
    event_id BIGINT PRIMARY KEY NOT NULL REFERENCES events(id),
    ruleset TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE duplicate_players (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES duplicate_events(event_id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    licence TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, number)
);

CREATE TABLE duplicate_games (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES duplicate_events(event_id),
    game_no INTEGER NOT NULL,
    last_seq BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, game_no)
);

CREATE TABLE duplicate_game_events (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES duplicate_games(id),
    seq BIGINT NOT NULL,
    at TIMESTAMP NOT NULL,
    actor TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    idempotency_key TEXT,
    UNIQUE (game_id, seq),
    UNIQUE (game_id, idempotency_key)
);
