ALTER TABLE events DROP COLUMN language;
ALTER TABLE users DROP COLUMN language;
