-- How each round was paired, and the seed of its random choices, so that
-- anyone can reproduce a pairing.
ALTER TABLE rounds ADD COLUMN method TEXT NOT NULL DEFAULT '';
ALTER TABLE rounds ADD COLUMN seed TEXT NOT NULL DEFAULT '';
