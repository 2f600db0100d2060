package postgres_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"outflank"
	"outflank/auth"
	"outflank/internal/pgtest"
	"outflank/internal/storetest"
	"outflank/web"
)

// rawConn is a connection of its own to the database at url, as psql
// has: no transaction of Outflank's.
func rawConn(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// TestOutsideEditsRecorded (migration 9): Outflank's own writes (an
// import, a result, an undo, a copy into another database) are never
// taken for changes made outside it, and every row a psql session
// inserts, updates or deletes is recorded, naming its row as the log
// does, and counts one more version of its tournament.
func TestOutsideEditsRecorded(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db := mustOpenURL(t, url)
	if _, err := db.Create(ctx, storetest.Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		_, err := tour.SetResult(1, 2, &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 40, WhiteDiscs: 24}, outflank.ResultOptions{})
		return "result", err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Undo(ctx, "sample", 0); err != nil {
		t.Fatal(err)
	}
	rec, err := db.Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	copied := MustOpenDB(t)
	if err := copied.Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	for name, store := range map[string]outflank.Store{"the database": db, "its copy": copied} {
		if edits, err := store.(outflank.OutsideEditor).OutsideEdits(ctx, "sample"); err != nil || len(edits) != 0 {
			t.Fatalf("%s, written only by Outflank: outside edits %+v, %v", name, edits, err)
		}
		a, err := store.Audit(ctx, "sample")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.Verify(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}

	before, err := db.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	raw := rawConn(t, url)
	for _, q := range []string{
		`UPDATE games SET black_discs = 40, white_discs = 24, outcome = 'normal' WHERE round = 1 AND table_no = 1`,
		`UPDATE tournaments SET name = 'Renamed'`,
		`INSERT INTO byes (tournament_id, round, player, version) SELECT tournament_id, 1, 5, 1 FROM players WHERE id = 5`,
		`DELETE FROM byes WHERE round = 1 AND player = 5`,
	} {
		if _, err := raw.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	edits, err := db.OutsideEdits(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	want := []outflank.OutsideEdit{{Entity: "game", Key: "1/1", Kind: "update"}, {Entity: "tournament", Key: "sample", Kind: "update"},
		{Entity: "bye", Key: "1/5", Kind: "insert"}, {Entity: "bye", Key: "1/5", Kind: "delete"}}
	if len(edits) != len(want) {
		t.Fatalf("outside edits %+v, want %+v", edits, want)
	}
	for i, e := range edits {
		if e.Entity != want[i].Entity || e.Key != want[i].Key || e.Kind != want[i].Kind || e.At.IsZero() {
			t.Errorf("outside edit %d: %+v, want %+v at a time", i, e, want[i])
		}
	}
	after, err := db.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != before.Version+4 || after.Name != "Renamed" {
		t.Errorf("after 4 outside edits: version %d (was %d), name %q", after.Version, before.Version, after.Name)
	}
	if g := after.Rounds[0].Games[0]; g.Result == nil || g.Result.BlackDiscs != 40 {
		t.Errorf("the game edited is read as %+v, want 40-24", g.Result)
	}
	// A round deleted by hand takes its games with it (ON DELETE
	// CASCADE): each is an edit of its own, as on SQLite.
	if _, err := raw.Exec(ctx, `DELETE FROM rounds WHERE number = 1`); err != nil {
		t.Fatalf("deleting a round by hand: %v", err)
	}
	edits, err = db.OutsideEdits(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	var deleted []string
	for _, e := range edits[len(want):] {
		deleted = append(deleted, e.Entity+" "+e.Key+" "+e.Kind)
	}
	if got := strings.Join(deleted, ", "); got != "round 1 delete, game 1/1 delete, game 1/2 delete, game 1/3 delete" {
		t.Errorf("after a round deleted by hand, the outside edits add %q", got)
	}
	if tour, err := db.Tournament(ctx, "sample"); err != nil || len(tour.Rounds) != 0 || tour.Version != before.Version+8 {
		t.Errorf("after a round deleted by hand: %v, %+v", err, tour)
	}
	// A tournament deleted by hand takes everything with it; nothing is
	// left to record its edits for.
	if _, err := raw.Exec(ctx, `DELETE FROM players; DELETE FROM tournaments WHERE slug = 'sample'`); err != nil {
		t.Fatalf("deleting the tournament by hand: %v", err)
	}
	if _, err := db.Tournament(ctx, "sample"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("the tournament deleted by hand: %v", err)
	}
}

// TestOutsideEditSeen (issue 25, point 3, on PostgreSQL): a result
// changed with psql (a plain UPDATE on a connection of its own) while the
// server runs is served by the site and the API within moments (the
// trigger's notification); a replacement conditional on the score before
// the edit is refused, saying so; the log's verification names the
// edited row, before and after a later change of the game through
// Outflank.
func TestOutsideEditSeen(t *testing.T) {
	ctx := context.Background()
	url := pgtest.URL(t)
	db := mustOpenURL(t, url)
	tour := storetest.Sample(t)
	if _, err := db.Create(ctx, tour, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	a := auth.New(db)
	if _, err := a.AddUser(ctx, "admin", "a good password", true); err != nil {
		t.Fatal(err)
	}
	token, err := a.AddToken(ctx, "admin", "script")
	if err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	server, err := web.New(db, db, web.Config{Accounts: db, Live: db, PlayerDB: db, Members: db, Log: logger, AccessLog: logger})
	if err != nil {
		t.Fatal(err)
	}
	watch, stop := context.WithCancel(ctx)
	t.Cleanup(stop)
	go server.Watch(watch)
	srv := httptest.NewServer(server.Handler())
	t.Cleanup(srv.Close)
	do := func(method, path, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if status, body := do("POST", "/api/t/sample/rounds/1/results/2", `{"score": "34-30"}`); status != http.StatusCreated {
		t.Fatalf("a result: %d %s", status, body)
	}
	shows := func(score string) bool {
		_, api := do("GET", "/api/t/sample/pairings/1", "")
		_, page := do("GET", "/t/sample/pairings/1", "")
		return strings.Contains(api, score) && strings.Contains(page, score)
	}
	if !shows("34-30") {
		t.Fatal("the result entered is not shown")
	}

	if _, err := rawConn(t, url).Exec(ctx, `UPDATE games SET black_discs = 40, white_discs = 24 WHERE round = 1 AND table_no = 2`); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(3 * time.Second); !shows("40-24"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			_, api := do("GET", "/api/t/sample/pairings/1", "")
			t.Fatalf("3 s after the result was changed to 40-24 with psql, the API still says:\n%s", api)
		}
	}

	status, body := do("POST", "/api/t/sample/rounds/1/results/2", `{"score": "20-44", "replace": true, "expect": "34-30"}`)
	if status != http.StatusConflict || !strings.Contains(body, "has 40-24, not the 34-30 expected") || !strings.Contains(body, "changed outside Outflank") {
		t.Errorf("a replacement expecting the score before the edit: %d %s", status, body)
	}
	stored, err := db.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if r := stored.Rounds[0].Games[1].Result; r == nil || r.BlackDiscs != 40 {
		t.Fatalf("after the refused replacement, the database holds %+v, want 40-24", r)
	}

	verify := func(when string) {
		t.Helper()
		a, err := db.Audit(ctx, "sample")
		if err != nil {
			t.Fatal(err)
		}
		_, err = a.Verify()
		if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(outflank.ErrorMessage(err), "game 1/2 was changed outside Outflank") {
			t.Errorf("%s: the log's verification says %v, want the edit of game 1/2 named", when, err)
		}
	}
	verify("after the edit")
	if status, body := do("POST", "/api/t/sample/rounds/1/results/2", `{"score": "34-30", "replace": true, "expect": "40-24"}`); status != http.StatusCreated {
		t.Fatalf("a replacement expecting the score after the edit: %d %s", status, body)
	}
	verify("after a later change of the game")
}
