-- Withdrawals of individual events' players as records (issue 18): who, from which round, by
-- whom, when and why. Append-only: a correction is a new record (from_round NULL reinstates);
-- indiv_players.withdrawn_round is the projection of the player's latest record.
CREATE TABLE indiv_withdrawals (
    id BIGSERIAL PRIMARY KEY,
    division_id BIGINT NOT NULL REFERENCES indiv_divisions(id),
    player_id BIGINT NOT NULL REFERENCES indiv_players(id),
    from_round INTEGER,
    reason TEXT NOT NULL,
    recorded_by BIGINT REFERENCES users(id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX indiv_withdrawals_division ON indiv_withdrawals (division_id);
