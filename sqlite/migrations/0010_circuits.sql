-- Circuits: the EGP and the BOF Grand Prix, a year's tournaments whose
-- final rankings give points (EGP I.2.5, BOF Grand Prix 1-6). Tournaments
-- are named by slug (they are in the same database); links merge two
-- identities of one person; the winner is a director's decision when the
-- rules leave a tie to a play-off game or a coin toss (BOF GP 6). Every
-- change is recorded in circuit_events.
CREATE TABLE circuits (
	id     INTEGER PRIMARY KEY,
	slug   TEXT    NOT NULL UNIQUE,
	name   TEXT    NOT NULL,
	rules  TEXT    NOT NULL,
	year   INTEGER NOT NULL,
	winner TEXT    NOT NULL DEFAULT '',
	reason TEXT    NOT NULL DEFAULT ''
);

CREATE TABLE circuit_tournaments (
	circuit    INTEGER NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
	seq        INTEGER NOT NULL,
	tournament TEXT    NOT NULL,
	PRIMARY KEY (circuit, tournament)
);

CREATE TABLE circuit_links (
	circuit  INTEGER NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
	seq      INTEGER NOT NULL,
	from_key TEXT    NOT NULL,
	to_key   TEXT    NOT NULL,
	PRIMARY KEY (circuit, from_key)
);

CREATE TABLE circuit_events (
	id      INTEGER PRIMARY KEY,
	circuit INTEGER NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
	at      TEXT    NOT NULL,
	actor   TEXT    NOT NULL,
	action  TEXT    NOT NULL,
	summary TEXT    NOT NULL
);
