-- Issue 16, phone slips (D5, the `phone_slips` option): each Duplicate player has a PIN printed
-- on their table card; with their number it lets them enter their own slip from their phone.
-- Players already registered get one now.
ALTER TABLE duplicate_players ADD COLUMN pin TEXT NOT NULL DEFAULT '';
UPDATE duplicate_players SET pin = substr('000000' || (abs(random()) % 1000000), -6, 6);
