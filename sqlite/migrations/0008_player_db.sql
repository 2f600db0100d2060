-- Numbered 8: number 7 is the live games of the judges' boards (another
-- branch); each migration stands alone, so either may be applied first.
-- The WOF player database (joueurs.txt), loaded by 'outflank playerdb
-- load' for the console's search as a director types a name: one
-- database at a time, replaced whole by each load. seq keeps the file's
-- order, which the search returns.
CREATE TABLE wof_players (
	wof_id    INTEGER PRIMARY KEY,
	seq       INTEGER NOT NULL,
	surname   TEXT    NOT NULL,
	firstname TEXT    NOT NULL,
	country   TEXT    NOT NULL,
	rating    INTEGER
);

CREATE TABLE wof_player_db (
	id        INTEGER PRIMARY KEY CHECK (id = 1),
	source    TEXT    NOT NULL,
	loaded_at TEXT    NOT NULL,
	players   INTEGER NOT NULL
);
