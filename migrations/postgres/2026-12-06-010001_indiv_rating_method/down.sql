ALTER TABLE indiv_divisions DROP COLUMN rating_method;
