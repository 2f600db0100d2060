-- Live games (sqlite migration 7): the transcripts table judges record
-- move by move, for the public viewers, and the results they submit until
-- a director confirms them. Kept apart from the tournaments' rows and
-- their audit log: a move is not a change to the tournament, and the
-- result it becomes is entered through the audited path. One row per
-- game; stamp grows with every write to any row, and is what the live
-- pages follow.
CREATE TABLE live_games (
	tournament text        COLLATE "C" NOT NULL,
	round      integer     NOT NULL,
	table_no   integer     NOT NULL,
	seq        bigint      NOT NULL,
	moves      text        NOT NULL,
	state      text        NOT NULL,
	actor      text        NOT NULL,
	submission jsonb,      -- NULL until the judge submits a result
	note       text        NOT NULL DEFAULT '',
	stamp      bigint      NOT NULL UNIQUE,
	updated_at timestamptz NOT NULL,
	PRIMARY KEY (tournament, round, table_no)
);

-- live_stamp holds the last stamp given. Every write of a live game locks
-- its one row first and holds it to its commit, so the writes commit in
-- stamp order: a watcher that has read stamp n has seen every stamp below
-- it, and reading "stamp > n" later misses none.
CREATE TABLE live_stamp (
	id    integer PRIMARY KEY CHECK (id = 1),
	stamp bigint  NOT NULL
);
INSERT INTO live_stamp (id, stamp) VALUES (1, 0);
