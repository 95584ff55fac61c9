-- Idempotency keys are scoped (issue 11): a key names one write of one user through one door
-- (`command`: the match's command route; `ruling`: a PIC's ruling; `create`: a new match), so
-- that another account's key, or the same user's key on another kind of write, never replays
-- someone else's answer.
ALTER TABLE match_commands
    ADD COLUMN scope TEXT NOT NULL DEFAULT 'command' CHECK (scope IN ('command', 'ruling', 'create'));
ALTER TABLE match_commands DROP CONSTRAINT match_commands_match_id_idempotency_key_key;
CREATE UNIQUE INDEX match_commands_key ON match_commands(match_id, scope, user_id, idempotency_key);
-- A match is created once per key and user, whatever match it became.
CREATE UNIQUE INDEX match_commands_create_key ON match_commands(user_id, idempotency_key)
    WHERE scope = 'create';

-- The committee's records take a key too (a resent record is recorded once).
ALTER TABLE committee_records ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX committee_records_key ON committee_records(author, idempotency_key);
