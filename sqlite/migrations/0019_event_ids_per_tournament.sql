-- An event's id is unique within its tournament's log, no longer across the
-- database (issue 26, point 11). The id is hashed into the log's chain
-- (docs/records.md), so a tournament copied from another database (a hall's
-- laptop, a new event entered offline) keeps its ids, which that database
-- gave independently of this one and another tournament here may use:
-- `db copy --tournament` must add such a log, or the events a hall appended
-- since it was copied from here, as they are. SQLite cannot change a
-- primary key, so the table is rebuilt with its rows, ids and links;
-- nothing else refers to it, and its undo links now name an event of the
-- same log. seq, the row's own number, keeps what AUTOINCREMENT gave id:
-- an event made here has seq = id, numbered after every seq and every id
-- of the database (sqlite/tournament.go), so that ids are never given
-- twice here and a log's ids grow with its chain; an event copied from
-- elsewhere gets the next seq.
CREATE TABLE events_new (
	seq           INTEGER PRIMARY KEY AUTOINCREMENT,
	id            INTEGER NOT NULL,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	at            TEXT    NOT NULL,
	kind          TEXT    NOT NULL,
	summary       TEXT    NOT NULL,
	changes       TEXT    NOT NULL,
	undoes        INTEGER,
	undone_by     INTEGER,
	actor         TEXT    NOT NULL DEFAULT '',
	prev_hash     TEXT    NOT NULL DEFAULT '',
	hash          TEXT    NOT NULL DEFAULT '',
	UNIQUE (tournament_id, id),
	FOREIGN KEY (tournament_id, undoes) REFERENCES events_new (tournament_id, id),
	FOREIGN KEY (tournament_id, undone_by) REFERENCES events_new (tournament_id, id)
);
INSERT INTO events_new (seq, id, tournament_id, at, kind, summary, changes, undoes, undone_by, actor, prev_hash, hash)
	SELECT id, id, tournament_id, at, kind, summary, changes, undoes, undone_by, actor, prev_hash, hash FROM events ORDER BY id;
-- The highest id ever given, also when that event was deleted since.
INSERT INTO sqlite_sequence (name, seq) SELECT 'events_new', 0
	WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'events_new');
UPDATE sqlite_sequence SET seq = max(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0)) WHERE name = 'events_new';
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;
-- The next event's number is after the highest id (a copied log's too).
CREATE INDEX events_id ON events (id);
