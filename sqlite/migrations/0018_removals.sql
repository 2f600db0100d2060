-- What was removed, kept to be restored (docs/records.md, "Removing and
-- restoring"): a removed tournament's export with its whole audit log, a
-- deleted circuit with its log. Who removed it and when is also in the
-- accounts' log (account_events); restoring drops the record.
CREATE TABLE removals (
	id     INTEGER PRIMARY KEY AUTOINCREMENT,
	kind   TEXT NOT NULL, -- tournament or circuit
	slug   TEXT NOT NULL,
	at     TEXT NOT NULL,
	actor  TEXT NOT NULL,
	head   TEXT NOT NULL, -- a tournament's last log entry's hash
	record TEXT NOT NULL
);
CREATE INDEX removals_slug ON removals (kind, slug, id);

-- A circuit's change can be undone: each entry keeps the circuit as it was
-- before (JSON of its tournaments, links and decision; '' for entries
-- written before this migration, which cannot be undone), and an undo names
-- the entry it reverted.
ALTER TABLE circuit_events ADD COLUMN before TEXT NOT NULL DEFAULT '';
ALTER TABLE circuit_events ADD COLUMN undoes INTEGER;
