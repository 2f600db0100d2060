-- Who made each change, and the hash chain that shows the log was not
-- edited behind Outflank's back (outflank.ChainHash). Entries written
-- before this migration are sealed by it, in order (sqlite/migrate.go).
ALTER TABLE events ADD COLUMN actor TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN prev_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE events ADD COLUMN hash TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN log_head TEXT NOT NULL DEFAULT '';
