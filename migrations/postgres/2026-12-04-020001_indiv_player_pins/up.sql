-- Issue 18, players' results slips from their phones (N8, N9): each player of an individual
-- division has a six-digit PIN, printed on the director's pairing sheet; with their number it
-- lets them enter and confirm their game's slip. Stored as Duplicate's phone-slip PINs are
-- (2026-12-03-050001): in clear, because the director prints it again on every round's sheet.
-- Players already registered get one now (new players get theirs from the OS random source).
ALTER TABLE indiv_players ADD COLUMN pin TEXT NOT NULL DEFAULT '';
UPDATE indiv_players SET pin = lpad(floor(random() * 1000000)::int::text, 6, '0');
