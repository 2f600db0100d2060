-- Changes made to a tournament's rows by anything but Outflank (psql,
-- another program) are noticed and recorded, as on SQLite (its migration
-- 15; docs/records.md, "Changes made outside Outflank"). Every write
-- transaction of Outflank sets the transaction-local setting
-- outflank.writer (postgres/tx.go, in the statement that begins it), which
-- no other connection sees and which ends with the transaction. A row of
-- tournaments, players, rounds, games or byes written without it was
-- written by someone else: the triggers below record it in outside_edits,
-- count one more version of its tournament and notify the version on the
-- channel every running Outflank listens on (postgres/listen.go), so that
-- each reads the tournament again (its memory, its pages) and refuses a
-- change prepared from the state before (the version check).
-- A later migration that writes a tournament's rows runs in Outflank's
-- transaction (postgres/migrate.go), which has the setting.

CREATE TABLE outside_edits (
	id            bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	tournament_id bigint      NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
	at            timestamptz NOT NULL,
	entity        text        NOT NULL, -- as the log names rows: game, player, round, bye, tournament
	row_key       text        NOT NULL, -- as the log keys them: "3/2" is round 3, table 2
	kind          text        NOT NULL  -- insert, update or delete
);
CREATE INDEX outside_edits_tournament ON outside_edits (tournament_id, id);

-- outflank_outside_edit records one row written outside Outflank. It does
-- nothing when called from another trigger (pg_trigger_depth() > 1): its
-- own update of the tournament's version is not an edit of its own. The
-- rows a round deleted by hand takes with it (ON DELETE CASCADE) are, as
-- on SQLite; those of a tournament deleted by hand have no tournament
-- left to record them for.
CREATE FUNCTION outflank_outside_edit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_row     jsonb;
	v_tid     bigint;
	v_entity  text;
	v_key     text;
	v_slug    text;
	v_version bigint;
BEGIN
	IF pg_trigger_depth() > 1 THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		v_row := to_jsonb(OLD);
	ELSE
		v_row := to_jsonb(NEW);
	END IF;
	IF TG_TABLE_NAME = 'tournaments' THEN
		v_tid := (v_row->>'id')::bigint;
	ELSE
		v_tid := (v_row->>'tournament_id')::bigint;
	END IF;
	CASE TG_TABLE_NAME
	WHEN 'tournaments' THEN v_entity := 'tournament'; v_key := v_row->>'slug';
	WHEN 'players'     THEN v_entity := 'player';     v_key := v_row->>'id';
	WHEN 'rounds'      THEN v_entity := 'round';      v_key := v_row->>'number';
	WHEN 'games'       THEN v_entity := 'game';       v_key := (v_row->>'round') || '/' || (v_row->>'table_no');
	WHEN 'byes'        THEN v_entity := 'bye';        v_key := (v_row->>'round') || '/' || (v_row->>'player');
	END CASE;
	UPDATE tournaments t SET version = t.version + 1 WHERE t.id = v_tid RETURNING t.slug, t.version INTO v_slug, v_version;
	IF v_slug IS NULL THEN
		RETURN NULL; -- the tournament is gone: nothing to record it for
	END IF;
	INSERT INTO outside_edits (tournament_id, at, entity, row_key, kind)
		VALUES (v_tid, clock_timestamp(), v_entity, v_key, lower(TG_OP));
	-- The payload of postgres/listen.go: "slug version".
	PERFORM pg_notify('outflank_changes', v_slug || ' ' || v_version);
	RETURN NULL;
END;
$$;

-- Each trigger fires only for a row written without Outflank's setting:
-- Outflank's own writes cost the check of one setting a row. A row of the
-- tournament itself counts when changed by hand (inserting or deleting a
-- tournament by hand leaves nothing of its own to record).
CREATE TRIGGER tournaments_outside AFTER UPDATE ON tournaments FOR EACH ROW
	WHEN (coalesce(current_setting('outflank.writer', true), '') = '')
	EXECUTE FUNCTION outflank_outside_edit();
CREATE TRIGGER players_outside AFTER INSERT OR UPDATE OR DELETE ON players FOR EACH ROW
	WHEN (coalesce(current_setting('outflank.writer', true), '') = '')
	EXECUTE FUNCTION outflank_outside_edit();
CREATE TRIGGER rounds_outside AFTER INSERT OR UPDATE OR DELETE ON rounds FOR EACH ROW
	WHEN (coalesce(current_setting('outflank.writer', true), '') = '')
	EXECUTE FUNCTION outflank_outside_edit();
CREATE TRIGGER games_outside AFTER INSERT OR UPDATE OR DELETE ON games FOR EACH ROW
	WHEN (coalesce(current_setting('outflank.writer', true), '') = '')
	EXECUTE FUNCTION outflank_outside_edit();
CREATE TRIGGER byes_outside AFTER INSERT OR UPDATE OR DELETE ON byes FOR EACH ROW
	WHEN (coalesce(current_setting('outflank.writer', true), '') = '')
	EXECUTE FUNCTION outflank_outside_edit();
