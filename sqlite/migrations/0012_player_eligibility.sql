-- Numbered 14: numbers 12 and 13 are left to other branches; each
-- migration stands alone, so any may be applied first.
-- What eligibility needs of a tournament's player (WOC I.2.3, BOF
-- National 12-13): citizenship, the date of residence in the country
-- represented, and the reason of a chairman's exemption. '' when unknown.
ALTER TABLE players ADD COLUMN citizenship TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN resident_since TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN exemption TEXT NOT NULL DEFAULT '';
