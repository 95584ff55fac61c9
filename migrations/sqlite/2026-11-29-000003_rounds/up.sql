-- Rounds of an event and the pairings made for them (E1). A pairing that is redone before its
-- round starts is voided, never deleted: its matches keep their logs and are flagged `void`.

CREATE TABLE rounds (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES events(id),
    round_no INTEGER NOT NULL,
    -- round_robin | swiss | manual
    method TEXT NOT NULL,
    -- draft (no match started, may be re-paired) | started
    status TEXT NOT NULL,
    -- How many times the round was paired (1 = never redone).
    pairing_no INTEGER NOT NULL DEFAULT 1,
    created_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    UNIQUE (event_id, round_no)
);

-- One row per table (team_b and match_id null for a bye). Voided rows stay as the record of a
-- redone pairing.
CREATE TABLE round_pairings (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    round_id BIGINT NOT NULL REFERENCES rounds(id),
    pairing_no INTEGER NOT NULL,
    table_no INTEGER,
    team_a BIGINT NOT NULL REFERENCES teams(id),
    team_b BIGINT REFERENCES teams(id),
    match_id BIGINT REFERENCES matches(id),
    void BOOLEAN NOT NULL DEFAULT FALSE,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX round_pairings_round ON round_pairings(round_id, void);

-- A match of a redone pairing: kept with its log, left out of every list.
ALTER TABLE matches ADD COLUMN void BOOLEAN NOT NULL DEFAULT FALSE;
