-- The accounts' own log: who added or removed a user, changed a password,
-- granted or revoked a role, issued or withdrew a token or a judge link.
-- Tournaments keep their changes in events; these changes concern people
-- and credentials, so they are kept apart (never a secret, never a hash).
CREATE TABLE account_events (
	id      INTEGER PRIMARY KEY,
	at      TEXT NOT NULL,
	actor   TEXT NOT NULL,
	action  TEXT NOT NULL,
	subject TEXT NOT NULL,
	summary TEXT NOT NULL
);
