-- The choice of colour or draw-win of a knockout game (WOC IV.9): the
-- player who had it and what he chose (black, white or draw-win); NULL and
-- '' for every other game. It decides a drawn one-game match.
ALTER TABLE games ADD COLUMN chooser INTEGER;
ALTER TABLE games ADD COLUMN chose TEXT NOT NULL DEFAULT '';
