ALTER TABLE challenges DROP COLUMN ruling; DROP TABLE committee_records;
