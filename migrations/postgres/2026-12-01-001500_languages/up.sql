-- Issue 15, Languages: a user's own language for the pages and an event's default language
-- (both optional: NULL means "not chosen", and the next source in line decides: the event's
-- default, the visitor's switcher cookie, the browser's Accept-Language, English).
-- Values are the catalogue codes 'en', 'id', 'fr'; the pages refuse anything else.
ALTER TABLE users ADD COLUMN language TEXT;
ALTER TABLE events ADD COLUMN language TEXT;
