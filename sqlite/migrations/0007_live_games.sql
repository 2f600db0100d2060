-- Live games: the transcripts table judges record move by move, for the
-- public viewers, and the results they submit until a director confirms
-- them. Kept apart from the tournaments' rows and their audit log: a move
-- is not a change to the tournament, and the result it becomes is entered
-- through the audited path. One row per game; stamp grows with every write
-- to any row, and is what the live pages follow.
CREATE TABLE live_games (
	tournament TEXT    NOT NULL,
	round      INTEGER NOT NULL,
	table_no   INTEGER NOT NULL,
	seq        INTEGER NOT NULL,
	moves      TEXT    NOT NULL,
	state      TEXT    NOT NULL,
	actor      TEXT    NOT NULL,
	submission TEXT    NOT NULL DEFAULT '',
	note       TEXT    NOT NULL DEFAULT '',
	stamp      INTEGER NOT NULL UNIQUE,
	updated_at TEXT    NOT NULL,
	PRIMARY KEY (tournament, round, table_no)
);
