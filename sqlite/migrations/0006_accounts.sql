-- Accounts of the web console and the JSON write API: users with their
-- roles per tournament, browser sessions, API tokens, judge links, and the
-- failed logins that rate-limit guessing. Secrets (session ids, tokens,
-- judge links) are kept as SHA-256 hashes, passwords as argon2id hashes.
CREATE TABLE users (
	id         INTEGER PRIMARY KEY,
	name       TEXT    NOT NULL UNIQUE COLLATE NOCASE,
	password   TEXT    NOT NULL,
	admin      INTEGER NOT NULL DEFAULT 0,
	created_at TEXT    NOT NULL
);

CREATE TABLE grants (
	user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	tournament TEXT    NOT NULL,
	role       TEXT    NOT NULL,
	PRIMARY KEY (user_id, tournament, role)
);

CREATE TABLE judge_links (
	id         INTEGER PRIMARY KEY,
	tournament TEXT    NOT NULL,
	round      INTEGER NOT NULL DEFAULT 0,
	table_no   INTEGER NOT NULL DEFAULT 0,
	label      TEXT    NOT NULL DEFAULT '',
	created_by TEXT    NOT NULL,
	expires_at TEXT    NOT NULL,
	hash       TEXT    NOT NULL UNIQUE
);

CREATE TABLE sessions (
	id_hash    TEXT    PRIMARY KEY,
	user_id    INTEGER REFERENCES users (id) ON DELETE CASCADE,
	judge_id   INTEGER REFERENCES judge_links (id) ON DELETE CASCADE,
	csrf       TEXT    NOT NULL,
	expires_at TEXT    NOT NULL,
	CHECK ((user_id IS NULL) <> (judge_id IS NULL))
);

CREATE TABLE tokens (
	id         INTEGER PRIMARY KEY,
	user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	name       TEXT    NOT NULL,
	hash       TEXT    NOT NULL UNIQUE,
	created_at TEXT    NOT NULL,
	UNIQUE (user_id, name)
);

CREATE TABLE login_failures (
	key TEXT NOT NULL,
	at  TEXT NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (key, at);
