-- Accounts of the web console and the JSON write API (sqlite migrations 6
-- and 9): users with their roles per tournament, browser sessions, API
-- tokens, judge links, the failed logins that rate-limit guessing, and the
-- accounts' own log. Secrets (session ids, tokens, judge links) are kept as
-- SHA-256 hashes, passwords as argon2id hashes, never in the log.
--
-- Text that is sorted or compared is COLLATE "C": byte order, as SQLite's
-- BINARY. A user's name is unique and looked up ignoring the case of ASCII
-- letters only, as SQLite's NOCASE: outflank_nocase folds exactly those.
CREATE FUNCTION outflank_nocase(s text) RETURNS text
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT translate(s, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') COLLATE "C" $$;

CREATE TABLE users (
	id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	name       text        COLLATE "C" NOT NULL,
	password   text        NOT NULL,
	admin      boolean     NOT NULL DEFAULT false,
	created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX users_name ON users (outflank_nocase(name));

-- Grants and judge links name their tournament by slug, as in SQLite: a
-- grant outlives nothing it needs, and a link's log entry keeps the slug.
CREATE TABLE grants (
	user_id    bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	tournament text   COLLATE "C" NOT NULL,
	role       text   COLLATE "C" NOT NULL,
	PRIMARY KEY (user_id, tournament, role)
);

CREATE TABLE judge_links (
	id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tournament text        COLLATE "C" NOT NULL,
	round      integer     NOT NULL DEFAULT 0,
	table_no   integer     NOT NULL DEFAULT 0,
	label      text        NOT NULL DEFAULT '',
	created_by text        NOT NULL,
	expires_at timestamptz NOT NULL,
	hash       text        NOT NULL UNIQUE
);
CREATE INDEX judge_links_tournament ON judge_links (tournament, id);

CREATE TABLE sessions (
	id_hash    text        PRIMARY KEY,
	user_id    bigint      REFERENCES users (id) ON DELETE CASCADE,
	judge_id   bigint      REFERENCES judge_links (id) ON DELETE CASCADE,
	csrf       text        NOT NULL,
	expires_at timestamptz NOT NULL,
	CHECK ((user_id IS NULL) <> (judge_id IS NULL))
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_judge ON sessions (judge_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE tokens (
	id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	name       text        COLLATE "C" NOT NULL,
	hash       text        NOT NULL UNIQUE,
	created_at timestamptz NOT NULL,
	UNIQUE (user_id, name)
);

-- id is what LoginSucceeded takes back (SQLite's rowid).
CREATE TABLE login_failures (
	id  bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	key text        NOT NULL,
	at  timestamptz NOT NULL
);
CREATE INDEX login_failures_key ON login_failures (key, at);
CREATE INDEX login_failures_at ON login_failures (at);

CREATE TABLE account_events (
	id      bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	at      timestamptz NOT NULL,
	actor   text        NOT NULL,
	action  text        NOT NULL,
	subject text        NOT NULL,
	summary text        NOT NULL
);
