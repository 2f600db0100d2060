-- Tournaments and everything entered in them. Every row carries a version,
-- incremented on each update, so a write based on a stale read is refused.

CREATE TABLE tournaments (
	id         INTEGER PRIMARY KEY,
	slug       TEXT    NOT NULL UNIQUE,
	name       TEXT    NOT NULL,
	date       TEXT    NOT NULL,
	rules      TEXT    NOT NULL,
	settings   TEXT    NOT NULL, -- JSON: outflank.Settings
	created_at TEXT    NOT NULL,
	version    INTEGER NOT NULL
);

CREATE TABLE players (
	tournament_id   INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	id              INTEGER NOT NULL,
	name            TEXT    NOT NULL,
	country         TEXT    NOT NULL,
	wof_id          INTEGER NOT NULL,
	new_to_wof      INTEGER NOT NULL,
	rating          INTEGER NOT NULL,
	gender          TEXT    NOT NULL,
	born            TEXT    NOT NULL,
	seeded          INTEGER NOT NULL,
	additional      INTEGER NOT NULL,
	team            TEXT    NOT NULL,
	withdrawn_after INTEGER,
	version         INTEGER NOT NULL,
	PRIMARY KEY (tournament_id, id)
);

CREATE TABLE rounds (
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	number        INTEGER NOT NULL,
	stage         TEXT    NOT NULL,
	version       INTEGER NOT NULL,
	PRIMARY KEY (tournament_id, number)
);

CREATE TABLE games (
	tournament_id   INTEGER NOT NULL,
	round           INTEGER NOT NULL,
	table_no        INTEGER NOT NULL,
	black           INTEGER NOT NULL,
	white           INTEGER NOT NULL,
	outcome         TEXT,    -- NULL until a result is entered
	black_discs     INTEGER,
	white_discs     INTEGER,
	board_black     INTEGER,
	board_white     INTEGER,
	moves           TEXT    NOT NULL DEFAULT '',
	defaulter       TEXT    NOT NULL DEFAULT '',
	defaulter_flags INTEGER NOT NULL DEFAULT 0,
	opponent_flags  INTEGER NOT NULL DEFAULT 0,
	loser           TEXT    NOT NULL DEFAULT '',
	winner          TEXT    NOT NULL DEFAULT '',
	reason          TEXT    NOT NULL DEFAULT '',
	discs_unknown   INTEGER NOT NULL DEFAULT 0,
	version         INTEGER NOT NULL,
	PRIMARY KEY (tournament_id, round, table_no),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, black) REFERENCES players (tournament_id, id),
	FOREIGN KEY (tournament_id, white) REFERENCES players (tournament_id, id),
	CHECK (black <> white),
	CHECK (outcome IS NULL OR (black_discs BETWEEN 0 AND 64 AND white_discs BETWEEN 0 AND 64 AND black_discs + white_discs = 64))
);

CREATE TABLE byes (
	tournament_id INTEGER NOT NULL,
	round         INTEGER NOT NULL,
	player        INTEGER NOT NULL,
	version       INTEGER NOT NULL,
	PRIMARY KEY (tournament_id, round, player),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, player) REFERENCES players (tournament_id, id)
);

-- The audit log: every change, with the rows before and after (JSON).
CREATE TABLE events (
	id            INTEGER PRIMARY KEY AUTOINCREMENT,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	at            TEXT    NOT NULL,
	kind          TEXT    NOT NULL,
	summary       TEXT    NOT NULL,
	changes       TEXT    NOT NULL,
	undoes        INTEGER REFERENCES events (id),
	undone_by     INTEGER REFERENCES events (id)
);
CREATE INDEX events_tournament ON events (tournament_id, id);
