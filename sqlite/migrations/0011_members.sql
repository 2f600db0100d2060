-- Numbered 11: number 10 is another branch's; each migration stands alone,
-- so either may be applied first.
-- The federation's member records (BOF Membership & finance 1-3): who they
-- are, and what membership and fees depend on. Membership itself is not
-- stored: it follows from these records and the tournaments played, as of
-- any date. Dates are YYYY-MM-DD, '' when unknown.
CREATE TABLE members (
	id             INTEGER PRIMARY KEY,
	wof_id         INTEGER NOT NULL DEFAULT 0,
	name           TEXT    NOT NULL,
	country        TEXT    NOT NULL DEFAULT '',
	citizenship    TEXT    NOT NULL DEFAULT '',
	resident_since TEXT    NOT NULL DEFAULT '',
	unwaged        INTEGER NOT NULL DEFAULT 0,
	family         TEXT    NOT NULL DEFAULT '',
	paid_until     TEXT    NOT NULL DEFAULT '',
	UNIQUE (name, country)
);

-- The members' own log, as the accounts keep theirs: who added, edited or
-- removed a record, and what it said.
CREATE TABLE member_events (
	id      INTEGER PRIMARY KEY,
	at      TEXT NOT NULL,
	actor   TEXT NOT NULL,
	action  TEXT NOT NULL,
	member  TEXT NOT NULL,
	summary TEXT NOT NULL
);
