-- Issue 18, ratings: how a division's rating estimates are made is data, chosen per division:
-- glicko2 (the default, as before), naspa, wespa or absp (the rating systems' published
-- methods as TSH implements them). Existing divisions keep Glicko-2.
ALTER TABLE indiv_divisions ADD COLUMN rating_method TEXT NOT NULL DEFAULT 'glicko2';
