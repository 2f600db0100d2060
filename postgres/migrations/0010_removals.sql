-- What was removed, kept to be restored (sqlite migration 18): a removed
-- tournament's export with its whole audit log, a deleted circuit with its
-- log; who removed it and when is also in the accounts' log.
CREATE TABLE removals (
	id     bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	kind   text        NOT NULL,
	slug   text        COLLATE "C" NOT NULL,
	at     timestamptz NOT NULL,
	actor  text        NOT NULL,
	head   text        NOT NULL,
	record text        NOT NULL
);
CREATE INDEX removals_slug ON removals (kind, slug, id);

-- A circuit's change can be undone: each entry keeps the circuit as it was
-- before ('' for entries written before this migration), and an undo names
-- the entry it reverted.
ALTER TABLE circuit_events ADD COLUMN before text NOT NULL DEFAULT '';
ALTER TABLE circuit_events ADD COLUMN undoes bigint;
