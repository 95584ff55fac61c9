-- Idempotency keys are scoped (issue 11): a key names one write of one user through one door
-- (`command`: the match's command route; `ruling`: a PIC's ruling; `create`: a new match), so
-- that another account's key, or the same user's key on another kind of write, never replays
-- someone else's answer. SQLite cannot drop the old UNIQUE (match_id, idempotency_key), so the
-- table is rebuilt; nothing references it.
CREATE TABLE match_commands_scoped (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    match_id BIGINT NOT NULL REFERENCES matches(id),
    idempotency_key TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    first_seq BIGINT NOT NULL,
    last_seq BIGINT NOT NULL,
    response TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    scope TEXT NOT NULL DEFAULT 'command' CHECK (scope IN ('command', 'ruling', 'create'))
);
INSERT INTO match_commands_scoped
    (id, match_id, idempotency_key, user_id, first_seq, last_seq, response, created_at)
    SELECT id, match_id, idempotency_key, user_id, first_seq, last_seq, response, created_at
    FROM match_commands;
DROP TABLE match_commands;
ALTER TABLE match_commands_scoped RENAME TO match_commands;
CREATE UNIQUE INDEX match_commands_key ON match_commands(match_id, scope, user_id, idempotency_key);
-- A match is created once per key and user, whatever match it became.
CREATE UNIQUE INDEX match_commands_create_key ON match_commands(user_id, idempotency_key)
    WHERE scope = 'create';

-- The committee's records take a key too (a resent record is recorded once).
ALTER TABLE committee_records ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX committee_records_key ON committee_records(author, idempotency_key);
