-- Changes made to a tournament's rows by anything but Outflank (the sqlite3
-- shell, another program) are noticed and recorded (docs/records.md, "Changes
-- made outside Outflank"). Outflank marks its own writes: a write transaction
-- sets its tournament's `writing` to 1 before it touches a row and back to 0
-- with the log's head, before it commits, so the value committed, the one
-- every other connection sees, is always 0. A row written while `writing` is
-- 0 was therefore written by someone else: the triggers below record it in
-- outside_edits and count one more version of the tournament, which is what
-- makes every running Outflank read it again (its memory, its pages) and
-- refuse a change prepared from the state before (the version check).
-- A later migration that writes a tournament's rows must set its writing
-- to 1 first and back to 0 after, or its rows are taken for outside edits.
ALTER TABLE tournaments ADD COLUMN writing INTEGER NOT NULL DEFAULT 0;

CREATE TABLE outside_edits (
	id            INTEGER PRIMARY KEY AUTOINCREMENT,
	tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	at            TEXT    NOT NULL, -- UTC, to the millisecond
	entity        TEXT    NOT NULL, -- as the log names rows: game, player, round, bye, tournament
	row_key       TEXT    NOT NULL, -- as the log keys them: "3/2" is round 3, table 2
	kind          TEXT    NOT NULL  -- insert, update or delete
);
CREATE INDEX outside_edits_tournament ON outside_edits (tournament_id, id);

-- A row of the tournament itself changed by hand (writing stays 0 both
-- before and after; Outflank's own updates set it or clear it). The
-- version it counts sets writing to 2 and back, so that no trigger takes
-- its own update for another outside edit.
CREATE TRIGGER tournaments_outside_update AFTER UPDATE ON tournaments
WHEN OLD.writing = 0 AND NEW.writing = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'tournament', NEW.slug, 'update');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.id;
END;

-- players: every row inserted, updated or deleted outside Outflank.
CREATE TRIGGER players_outside_insert AFTER INSERT ON players
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'player', NEW.id, 'insert');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER players_outside_update AFTER UPDATE ON players
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'player', NEW.id, 'update');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER players_outside_delete AFTER DELETE ON players
WHEN (SELECT writing FROM tournaments WHERE id = OLD.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (OLD.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'player', OLD.id, 'delete');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = OLD.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = OLD.tournament_id;
END;

-- rounds: every row inserted, updated or deleted outside Outflank.
CREATE TRIGGER rounds_outside_insert AFTER INSERT ON rounds
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'round', NEW.number, 'insert');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER rounds_outside_update AFTER UPDATE ON rounds
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'round', NEW.number, 'update');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER rounds_outside_delete AFTER DELETE ON rounds
WHEN (SELECT writing FROM tournaments WHERE id = OLD.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (OLD.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'round', OLD.number, 'delete');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = OLD.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = OLD.tournament_id;
END;

-- games: every row inserted, updated or deleted outside Outflank.
CREATE TRIGGER games_outside_insert AFTER INSERT ON games
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'game', NEW.round || '/' || NEW.table_no, 'insert');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER games_outside_update AFTER UPDATE ON games
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'game', NEW.round || '/' || NEW.table_no, 'update');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER games_outside_delete AFTER DELETE ON games
WHEN (SELECT writing FROM tournaments WHERE id = OLD.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (OLD.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'game', OLD.round || '/' || OLD.table_no, 'delete');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = OLD.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = OLD.tournament_id;
END;

-- byes: every row inserted, updated or deleted outside Outflank.
CREATE TRIGGER byes_outside_insert AFTER INSERT ON byes
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'bye', NEW.round || '/' || NEW.player, 'insert');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER byes_outside_update AFTER UPDATE ON byes
WHEN (SELECT writing FROM tournaments WHERE id = NEW.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (NEW.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'bye', NEW.round || '/' || NEW.player, 'update');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = NEW.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = NEW.tournament_id;
END;
CREATE TRIGGER byes_outside_delete AFTER DELETE ON byes
WHEN (SELECT writing FROM tournaments WHERE id = OLD.tournament_id) = 0
BEGIN
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (OLD.tournament_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 'bye', OLD.round || '/' || OLD.player, 'delete');
	UPDATE tournaments SET version = version + 1, writing = 2 WHERE id = OLD.tournament_id;
	UPDATE tournaments SET writing = 0 WHERE id = OLD.tournament_id;
END;
