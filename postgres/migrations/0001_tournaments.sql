-- Tournaments and everything entered in them: the schema of SQLite's
-- migrations 1 to 5 and 12 (tournaments, players, rounds, games, byes and
-- the audit log with its hash chain), in one script. Every row carries a
-- version, incremented on each update, so a write based on a stale read
-- matches nothing and is refused (postgres/rows.go).

CREATE TABLE tournaments (
	id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	slug       text        NOT NULL UNIQUE,
	name       text        NOT NULL,
	date       text        NOT NULL,
	rules      text        NOT NULL,
	settings   jsonb       NOT NULL, -- outflank.Settings
	created_at timestamptz NOT NULL,
	version    bigint      NOT NULL,
	-- log_head is the hash of the latest audit event (outflank.ChainHash).
	log_head   text        NOT NULL DEFAULT ''
);

CREATE TABLE players (
	tournament_id   bigint    NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	id              integer   NOT NULL,
	name            text      NOT NULL,
	country         text      NOT NULL,
	wof_id          integer   NOT NULL,
	new_to_wof      boolean   NOT NULL,
	rating          integer   NOT NULL,
	gender          text      NOT NULL,
	born            text      NOT NULL,
	seeded          boolean   NOT NULL,
	additional      boolean   NOT NULL,
	team            text      NOT NULL,
	withdrawn_after integer,
	-- The rounds the player misses and comes back from, in order.
	absent_rounds   integer[] NOT NULL DEFAULT '{}',
	-- What eligibility needs (WOC I.2.3, BOF National 12-13); '' when unknown.
	citizenship     text      NOT NULL DEFAULT '',
	resident_since  text      NOT NULL DEFAULT '',
	exemption       text      NOT NULL DEFAULT '',
	version         integer   NOT NULL,
	PRIMARY KEY (tournament_id, id)
);

CREATE TABLE rounds (
	tournament_id bigint  NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	number        integer NOT NULL,
	stage         text    NOT NULL,
	-- How the round was paired, and the seed of its random choices.
	method        text    NOT NULL DEFAULT '',
	seed          text    NOT NULL DEFAULT '',
	version       integer NOT NULL,
	PRIMARY KEY (tournament_id, number)
);

CREATE TABLE games (
	tournament_id   bigint  NOT NULL,
	round           integer NOT NULL,
	table_no        integer NOT NULL,
	black           integer NOT NULL,
	white           integer NOT NULL,
	outcome         text,    -- NULL until a result is entered
	black_discs     integer,
	white_discs     integer,
	board_black     integer,
	board_white     integer,
	moves           text    NOT NULL DEFAULT '',
	defaulter       text    NOT NULL DEFAULT '',
	defaulter_flags integer NOT NULL DEFAULT 0,
	opponent_flags  integer NOT NULL DEFAULT 0,
	loser           text    NOT NULL DEFAULT '',
	winner          text    NOT NULL DEFAULT '',
	reason          text    NOT NULL DEFAULT '',
	discs_unknown   boolean NOT NULL DEFAULT false,
	-- The choice of colour or draw-win of a knockout game (WOC IV.9): who
	-- had it and what he chose; NULL and '' for every other game.
	chooser         integer,
	chose           text    NOT NULL DEFAULT '',
	version         integer NOT NULL,
	PRIMARY KEY (tournament_id, round, table_no),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, black) REFERENCES players (tournament_id, id),
	FOREIGN KEY (tournament_id, white) REFERENCES players (tournament_id, id),
	CHECK (black <> white),
	CHECK (outcome IS NULL OR (black_discs BETWEEN 0 AND 64 AND white_discs BETWEEN 0 AND 64 AND black_discs + white_discs = 64))
);

CREATE TABLE byes (
	tournament_id bigint  NOT NULL,
	round         integer NOT NULL,
	player        integer NOT NULL,
	version       integer NOT NULL,
	PRIMARY KEY (tournament_id, round, player),
	FOREIGN KEY (tournament_id, round) REFERENCES rounds (tournament_id, number) ON DELETE CASCADE,
	FOREIGN KEY (tournament_id, player) REFERENCES players (tournament_id, id)
);

-- The audit log: every change, with the rows before and after, chained by
-- hashes (outflank.ChainHash). changes is json, not jsonb: the hash covers
-- its exact text, which jsonb would reorder.
CREATE TABLE events (
	id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tournament_id bigint      NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	at            timestamptz NOT NULL,
	actor         text        NOT NULL DEFAULT '',
	kind          text        NOT NULL,
	summary       text        NOT NULL,
	changes       json        NOT NULL,
	undoes        bigint      REFERENCES events (id),
	undone_by     bigint      REFERENCES events (id),
	prev_hash     text        NOT NULL DEFAULT '',
	hash          text        NOT NULL DEFAULT ''
);
CREATE INDEX events_tournament ON events (tournament_id, id);
