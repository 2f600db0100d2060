-- The ids of credentials and of the accounts' log are never reused (issue
-- 25): "judge #5" in a log must name one judge link, whatever was withdrawn
-- since. Without AUTOINCREMENT, SQLite gives a new row the highest id + 1,
-- which is the id of the row last deleted when it was the highest. SQLite
-- cannot add AUTOINCREMENT to a column, so the tables are rebuilt, keeping
-- their rows, ids, indexes and foreign keys. Foreign keys are enforced
-- during a migration and cannot be turned off inside its transaction, and
-- dropping a table deletes its rows first, which would delete the rows that
-- refer to them (ON DELETE CASCADE): so the tables that refer to users and
-- judge_links are rebuilt too, and the old ones are dropped children first.
-- Renaming a new table to its old name makes the references to it name
-- the old name again. The sessions' ids are hashes of random secrets, never
-- numbers; the failed logins are not credentials.

CREATE TABLE users_new (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	name       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
	password   TEXT    NOT NULL,
	admin      INTEGER NOT NULL DEFAULT 0,
	created_at TEXT    NOT NULL
);
INSERT INTO users_new (id, name, password, admin, created_at) SELECT id, name, password, admin, created_at FROM users;

CREATE TABLE grants_new (
	user_id    INTEGER NOT NULL REFERENCES users_new (id) ON DELETE CASCADE,
	tournament TEXT    NOT NULL,
	role       TEXT    NOT NULL,
	PRIMARY KEY (user_id, tournament, role)
);
INSERT INTO grants_new (user_id, tournament, role) SELECT user_id, tournament, role FROM grants;

CREATE TABLE judge_links_new (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	tournament TEXT    NOT NULL,
	round      INTEGER NOT NULL DEFAULT 0,
	table_no   INTEGER NOT NULL DEFAULT 0,
	label      TEXT    NOT NULL DEFAULT '',
	created_by TEXT    NOT NULL,
	expires_at TEXT    NOT NULL,
	hash       TEXT    NOT NULL UNIQUE
);
INSERT INTO judge_links_new (id, tournament, round, table_no, label, created_by, expires_at, hash)
	SELECT id, tournament, round, table_no, label, created_by, expires_at, hash FROM judge_links;

CREATE TABLE sessions_new (
	id_hash    TEXT    PRIMARY KEY,
	user_id    INTEGER REFERENCES users_new (id) ON DELETE CASCADE,
	judge_id   INTEGER REFERENCES judge_links_new (id) ON DELETE CASCADE,
	csrf       TEXT    NOT NULL,
	expires_at TEXT    NOT NULL,
	CHECK ((user_id IS NULL) <> (judge_id IS NULL))
);
INSERT INTO sessions_new (id_hash, user_id, judge_id, csrf, expires_at) SELECT id_hash, user_id, judge_id, csrf, expires_at FROM sessions;

CREATE TABLE tokens_new (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	user_id    INTEGER NOT NULL REFERENCES users_new (id) ON DELETE CASCADE,
	name       TEXT    NOT NULL,
	hash       TEXT    NOT NULL UNIQUE,
	created_at TEXT    NOT NULL,
	UNIQUE (user_id, name)
);
INSERT INTO tokens_new (id, user_id, name, hash, created_at) SELECT id, user_id, name, hash, created_at FROM tokens;

CREATE TABLE account_events_new (
	id      INTEGER PRIMARY KEY AUTOINCREMENT,
	at      TEXT NOT NULL,
	actor   TEXT NOT NULL,
	action  TEXT NOT NULL,
	subject TEXT NOT NULL,
	summary TEXT NOT NULL
);
INSERT INTO account_events_new (id, at, actor, action, subject, summary) SELECT id, at, actor, action, subject, summary FROM account_events;

DROP TABLE grants;
DROP TABLE sessions;
DROP TABLE tokens;
DROP TABLE users;
DROP TABLE judge_links;
DROP TABLE account_events;

ALTER TABLE users_new RENAME TO users;
ALTER TABLE judge_links_new RENAME TO judge_links;
ALTER TABLE grants_new RENAME TO grants;
ALTER TABLE sessions_new RENAME TO sessions;
ALTER TABLE tokens_new RENAME TO tokens;
ALTER TABLE account_events_new RENAME TO account_events;
