-- The federation's member records (sqlite migration 11; BOF Membership &
-- finance 1-3): who they are, and what membership and fees depend on.
-- Membership itself is not stored: it follows from these records and the
-- tournaments played, as of any date. Dates are YYYY-MM-DD, '' when
-- unknown, as in SQLite (they are compared as text by the engine).
CREATE TABLE members (
	id             bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	wof_id         integer NOT NULL DEFAULT 0,
	name           text    COLLATE "C" NOT NULL,
	country        text    COLLATE "C" NOT NULL DEFAULT '',
	citizenship    text    NOT NULL DEFAULT '',
	resident_since text    NOT NULL DEFAULT '',
	unwaged        boolean NOT NULL DEFAULT false,
	family         text    NOT NULL DEFAULT '',
	paid_until     text    NOT NULL DEFAULT '',
	UNIQUE (name, country)
);

-- The members' own log, as the accounts keep theirs: who added, edited or
-- removed a record, and what it said.
CREATE TABLE member_events (
	id      bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	at      timestamptz NOT NULL,
	actor   text        NOT NULL,
	action  text        NOT NULL,
	member  text        NOT NULL,
	summary text        NOT NULL
);
