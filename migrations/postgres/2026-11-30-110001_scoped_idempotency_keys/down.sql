DROP INDEX committee_records_key;
ALTER TABLE committee_records DROP COLUMN idempotency_key;
DELETE FROM match_commands WHERE scope = 'create';
DROP INDEX match_commands_create_key;
DROP INDEX match_commands_key;
DELETE FROM match_commands a USING match_commands b
    WHERE a.match_id = b.match_id AND a.idempotency_key = b.idempotency_key AND a.id > b.id;
ALTER TABLE match_commands ADD CONSTRAINT match_commands_match_id_idempotency_key_key
    UNIQUE (match_id, idempotency_key);
ALTER TABLE match_commands DROP COLUMN scope;
