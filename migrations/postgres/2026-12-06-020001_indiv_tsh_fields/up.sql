-- Issue 18, TSH interoperability: a `.t` file's per-player fields that Arbiter does not compute
-- are kept, so a division taken over from TSH is written back as it came in. `class` (TSH's
-- rating class: standings and `rcrank` rank within it) and `team` are the player's own; every
-- other field Arbiter does not write itself (`rtime`, `time`, `newr`, `rrank`, `penalty`, …) is
-- kept in `tsh_fields` as the file had it: JSON `[[keyword, [value, …]], …]`.
ALTER TABLE indiv_players ADD COLUMN class TEXT NOT NULL DEFAULT '';
ALTER TABLE indiv_players ADD COLUMN team TEXT NOT NULL DEFAULT '';
ALTER TABLE indiv_players ADD COLUMN tsh_fields TEXT NOT NULL DEFAULT '[]';
-- How a late entrant's rounds before their first count, a division's own rule: `no_game`
-- (TSH's way, the default: neither a win nor a loss), `forfeit` (a loss by the event's forfeit
-- spread) or `bye` (a win by the event's bye spread).
ALTER TABLE indiv_divisions ADD COLUMN late_rounds TEXT NOT NULL DEFAULT 'no_game';
