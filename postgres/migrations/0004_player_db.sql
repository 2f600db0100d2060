-- The WOF player database (sqlite migration 8; joueurs.txt), loaded by
-- 'outflank playerdb load' for the console's search as a director types a
-- name: one database at a time, replaced whole by each load (with COPY).
-- seq keeps the file's order, which the search returns.
CREATE TABLE wof_players (
	wof_id    bigint  PRIMARY KEY,
	seq       integer NOT NULL,
	surname   text    NOT NULL,
	firstname text    NOT NULL,
	country   text    NOT NULL,
	rating    integer -- NULL: not rated (a rating may be 0 or negative)
);

CREATE TABLE wof_player_db (
	id        integer     PRIMARY KEY CHECK (id = 1),
	source    text        NOT NULL,
	loaded_at timestamptz NOT NULL,
	players   integer     NOT NULL
);
