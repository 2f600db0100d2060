-- An event's id is unique within its tournament's log, no longer across the
-- database (issue 26, point 11; sqlite migration 19). The id is hashed into
-- the log's chain (docs/records.md), so a tournament copied from another
-- database (a hall's laptop, a new event entered offline) keeps its ids,
-- which that database gave independently of this one and another
-- tournament here may use: `db copy --tournament` must add such a log, or
-- the events a hall appended since it was copied from here, as they are.
-- New events are still numbered by the identity sequence, which a copy
-- moves past every id it writes, so that within a log the ids grow with
-- the chain. The undo links now name an event of the same log.
ALTER TABLE events DROP CONSTRAINT events_undoes_fkey;
ALTER TABLE events DROP CONSTRAINT events_undone_by_fkey;
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events ADD PRIMARY KEY (tournament_id, id);
ALTER TABLE events ADD FOREIGN KEY (tournament_id, undoes) REFERENCES events (tournament_id, id);
ALTER TABLE events ADD FOREIGN KEY (tournament_id, undone_by) REFERENCES events (tournament_id, id);
DROP INDEX events_tournament;
CREATE INDEX events_id ON events (id);
