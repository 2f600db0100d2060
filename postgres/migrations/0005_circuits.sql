-- Circuits (sqlite migration 10): the EGP and the BOF Grand Prix, a year's
-- tournaments whose final rankings give points (EGP I.2.5, BOF Grand Prix
-- 1-6). Tournaments are named by slug, as in SQLite; links merge two
-- identities of one person; the winner is a director's decision when the
-- rules leave a tie to a play-off game or a coin toss (BOF GP 6). Every
-- change is recorded in circuit_events.
CREATE TABLE circuits (
	id     bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	slug   text    COLLATE "C" NOT NULL UNIQUE,
	name   text    NOT NULL,
	rules  text    NOT NULL,
	year   integer NOT NULL,
	winner text    NOT NULL DEFAULT '',
	reason text    NOT NULL DEFAULT ''
);

CREATE TABLE circuit_tournaments (
	circuit    bigint  NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
	seq        integer NOT NULL,
	tournament text    COLLATE "C" NOT NULL,
	PRIMARY KEY (circuit, tournament)
);

CREATE TABLE circuit_links (
	circuit  bigint  NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
	seq      integer NOT NULL,
	from_key text    COLLATE "C" NOT NULL,
	to_key   text    COLLATE "C" NOT NULL,
	PRIMARY KEY (circuit, from_key)
);

CREATE TABLE circuit_events (
	id      bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	circuit bigint      NOT NULL REFERENCES circuits (id) ON DELETE CASCADE,
	at      timestamptz NOT NULL,
	actor   text        NOT NULL,
	action  text        NOT NULL,
	summary text        NOT NULL
);
CREATE INDEX circuit_events_circuit ON circuit_events (circuit, id);
