-- Individual (1 vs 1) tournaments as TSH directors run them (seed 003, issue 18): an event of
-- Arbiter's marked individual with its options, its divisions (each with its pairing plan),
-- players per division, the pairings of each round, and each game's results slips as an
-- append-only log (N8, N9: corrections are new records).

-- options: rules::individual::IndividualOptions as JSON (bye and forfeit spreads, withdrawals).
CREATE TABLE indiv_events (
    event_id BIGINT PRIMARY KEY NOT NULL REFERENCES events(id),
    options TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);

-- plan: rules::pairing::individual::Plan as JSON; gibson_prizes NULL: no Gibsonization.
CREATE TABLE indiv_divisions (
    id BIGSERIAL PRIMARY KEY,
    event_id BIGINT NOT NULL REFERENCES indiv_events(event_id),
    name TEXT NOT NULL,
    plan TEXT NOT NULL,
    gibson_prizes INTEGER,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, name)
);

-- Players numbered from 1 in their division (the number on slips and in `.t` files).
-- first_round: a late entry plays from that round; withdrawn_round: the first round not played.
CREATE TABLE indiv_players (
    id BIGSERIAL PRIMARY KEY,
    division_id BIGINT NOT NULL REFERENCES indiv_divisions(id),
    number INTEGER NOT NULL,
    name TEXT NOT NULL,
    rating INTEGER NOT NULL DEFAULT 0,
    rating_system TEXT NOT NULL DEFAULT '',
    rating_id TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    first_round INTEGER NOT NULL DEFAULT 1,
    withdrawn_round INTEGER,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (division_id, number)
);

-- A round's lines: player_a goes first; player_b NULL is a bye. manual: set by the director.
CREATE TABLE indiv_pairings (
    id BIGSERIAL PRIMARY KEY,
    division_id BIGINT NOT NULL REFERENCES indiv_divisions(id),
    round INTEGER NOT NULL,
    table_no INTEGER,
    player_a INTEGER NOT NULL,
    player_b INTEGER,
    manual BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (division_id, round, player_a)
);

-- A game's slips, append-only: kind entry | correction | confirm | director; by_player NULL
-- for the director; details: blanks, challenged words, high word, time penalties (JSON).
CREATE TABLE indiv_slips (
    id BIGSERIAL PRIMARY KEY,
    pairing_id BIGINT NOT NULL REFERENCES indiv_pairings(id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL,
    by_player INTEGER,
    score_a INTEGER,
    score_b INTEGER,
    details TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (pairing_id, seq)
);
