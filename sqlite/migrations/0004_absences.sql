-- The rounds a player misses and comes back from (outflank.Player.
-- AbsentRounds), as their numbers in order, comma-separated: '' for none.
ALTER TABLE players ADD COLUMN absent_rounds TEXT NOT NULL DEFAULT '';
