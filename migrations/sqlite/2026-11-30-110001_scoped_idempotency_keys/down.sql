DROP INDEX committee_records_key;
ALTER TABLE committee_records DROP COLUMN idempotency_key;
CREATE TABLE match_commands_unscoped (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    match_id BIGINT NOT NULL REFERENCES matches(id),
    idempotency_key TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    first_seq BIGINT NOT NULL,
    last_seq BIGINT NOT NULL,
    response TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    UNIQUE (match_id, idempotency_key)
);
INSERT OR IGNORE INTO match_commands_unscoped
    (id, match_id, idempotency_key, user_id, first_seq, last_seq, response, created_at)
    SELECT id, match_id, idempotency_key, user_id, first_seq, last_seq, response, created_at
    FROM match_commands WHERE scope <> 'create';
DROP TABLE match_commands;
ALTER TABLE match_commands_unscoped RENAME TO match_commands;
