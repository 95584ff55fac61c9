-- The projection is recomputed by the sweeper; nothing to undo.
SELECT 1;
