-- Server-side sessions (issue 11): every session token names a row here, so signing out, a
-- password change or a disabled account ends sessions at once instead of when the token expires.
ALTER TABLE users ADD COLUMN disabled BOOLEAN NOT NULL DEFAULT FALSE;

CREATE TABLE sessions (
    -- Random, 128 bits, hex; the token's `sid`.
    id TEXT PRIMARY KEY NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    created_at TIMESTAMP NOT NULL,
    expires_at TIMESTAMP NOT NULL,
    -- Set when the session was ended (sign-out, password change, account disabled).
    ended_at TIMESTAMP
);
CREATE INDEX sessions_user ON sessions(user_id);
