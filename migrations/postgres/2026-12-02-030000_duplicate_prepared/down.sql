DROP TABLE duplicate_prepared;
