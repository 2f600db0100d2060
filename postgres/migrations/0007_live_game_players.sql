-- The players of the game a live game's transcript is of (sqlite migration
-- 14): a game withdrawn from its table, or a round undone and paired
-- again, leaves the table to another game, whose board must not show the
-- old transcript (outflank.LiveGame.For). 0, 0 in the rows written
-- before: the game at the table.
ALTER TABLE live_games ADD COLUMN black integer NOT NULL DEFAULT 0;
ALTER TABLE live_games ADD COLUMN white integer NOT NULL DEFAULT 0;
