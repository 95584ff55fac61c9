-- Events (tournaments), their teams and players, and matches with their append-only event log.

CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    -- The ruleset spec (preset + overrides) as JSON; each match stores the resolved ruleset.
    ruleset_spec TEXT NOT NULL,
    lexicon TEXT NOT NULL DEFAULT 'enable2k',
    tile_set TEXT NOT NULL DEFAULT 'english',
    -- Standings rule (E2) as JSON.
    standings TEXT NOT NULL DEFAULT '{}',
    public BOOLEAN NOT NULL DEFAULT TRUE,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE teams (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES events(id),
    name TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, name)
);

CREATE TABLE players (
    id BIGSERIAL PRIMARY KEY,
    team_id BIGINT NOT NULL REFERENCES teams(id),
    name TEXT NOT NULL,
    -- 1 and 2 play (seats A1/A2 or B1/B2); 3 and up are reserves.
    position INTEGER NOT NULL,
    is_captain BOOLEAN NOT NULL DEFAULT FALSE,
    user_id BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (team_id, position)
);

-- One row per match: identity plus a projection of its log (kept in the same transaction as
-- every append) for lists, standings and the clock sweeper.
CREATE TABLE matches (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT REFERENCES events(id),
    round_no INTEGER,
    table_no INTEGER,
    team_a BIGINT REFERENCES teams(id),
    team_b BIGINT REFERENCES teams(id),
    name_a TEXT NOT NULL,
    name_b TEXT NOT NULL,
    status TEXT NOT NULL,
    last_seq BIGINT NOT NULL,
    score_a INTEGER NOT NULL DEFAULT 0,
    score_b INTEGER NOT NULL DEFAULT 0,
    to_move TEXT,
    winner TEXT,
    result_reason TEXT,
    clock_a_ms BIGINT NOT NULL DEFAULT 0,
    clock_b_ms BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
CREATE INDEX matches_event ON matches(event_id, round_no);
CREATE INDEX matches_status ON matches(status);

-- The log. Nothing here is ever updated or deleted: corrections are new events.
CREATE TABLE match_events (
    id BIGSERIAL PRIMARY KEY,
    match_id BIGINT NOT NULL REFERENCES matches(id),
    seq BIGINT NOT NULL,
    at TIMESTAMP NOT NULL,
    actor TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    UNIQUE (match_id, seq)
);

-- Idempotency: the first result of each client-made key, returned again for repeats.
CREATE TABLE match_commands (
    id BIGSERIAL PRIMARY KEY,
    match_id BIGINT NOT NULL REFERENCES matches(id),
    idempotency_key TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    first_seq BIGINT NOT NULL,
    last_seq BIGINT NOT NULL,
    response TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (match_id, idempotency_key)
);

-- The PIC queue: open challenges across all matches of an event (a projection of the logs).
CREATE TABLE challenges (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT REFERENCES events(id),
    match_id BIGINT NOT NULL REFERENCES matches(id),
    challenge_seq BIGINT NOT NULL,
    kind TEXT NOT NULL,
    detail TEXT NOT NULL,
    opened_at TIMESTAMP NOT NULL,
    claimed_by BIGINT REFERENCES users(id),
    claimed_at TIMESTAMP,
    closed_at TIMESTAMP,
    UNIQUE (match_id, challenge_seq)
);
CREATE INDEX challenges_open ON challenges(event_id, closed_at);
