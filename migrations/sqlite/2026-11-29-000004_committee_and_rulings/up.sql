-- E3: the committee's disqualifications and walkouts. Never updated or deleted: a mistaken
-- record is answered by a new one that names it in `corrects`.
CREATE TABLE committee_records (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    event_id BIGINT NOT NULL REFERENCES events(id),
    team_id BIGINT NOT NULL REFERENCES teams(id),
    -- NULL: the team is disqualified from the whole event.
    match_id BIGINT REFERENCES matches(id),
    kind TEXT NOT NULL CHECK (kind IN ('disqualification', 'walkout', 'withdrawal')),
    reason TEXT NOT NULL,
    author BIGINT NOT NULL REFERENCES users(id),
    corrects BIGINT REFERENCES committee_records(id),
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX committee_records_event ON committee_records(event_id);

-- The PIC's ruling, copied from the match log when the challenge closes, for the history view.
ALTER TABLE challenges ADD COLUMN ruling TEXT;
