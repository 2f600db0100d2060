package storetest

import (
	"bytes"
	"context"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"outflank"
	"outflank/circuit"
	"outflank/director"
	"outflank/exchange"
	"outflank/rules"
)

// Removing is what RunRemovals needs of a store.
type Removing interface {
	outflank.Store
	outflank.Removals
	outflank.CircuitStore
	outflank.Accounts
}

// RunRemovals tests a store's outflank.Removals (issue 26, point 6): a
// tournament removed is gone, its removal is in the accounts' log with
// its last hash, and restoring it brings it back whole, the same log with
// the same ids and hashes, its verification giving that hash, even after
// other tournaments were written meanwhile; a circuit deleted comes back
// the same, log and all. A removal not confirmed, or of a tournament a
// circuit counts, writes nothing.
func RunRemovals(t *testing.T, s Removing) {
	ctx := outflank.WithActor(context.Background(), "admin")
	before := archived(t, s)
	var export bytes.Buffer
	if err := exchange.WriteJSON(&export, before.Tournament); err != nil {
		t.Fatal(err)
	}
	if _, err := director.RemoveTournament(ctx, s, "sample", "sampel"); outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), "type sample to confirm") {
		t.Fatalf("removal with a mistyped slug: %v", err)
	}
	if err := s.CreateCircuit(ctx, &outflank.Circuit{Slug: "gp", Name: "GP", Rules: circuit.EGP, Year: 2026}); err != nil {
		t.Fatal(err)
	}
	if _, err := outflank.AddCircuitTournamentsForced(ctx, s, s, "gp", []string{"sample"}, "a store test: the sample is a WOC"); err != nil {
		t.Fatal(err)
	}
	if _, err := director.RemoveTournament(ctx, s, "sample", "sample"); outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "circuit gp") {
		t.Fatalf("removal of a tournament a circuit counts: %v", err)
	}
	if _, err := s.Tournament(ctx, "sample"); err != nil {
		t.Fatalf("a refused removal removed: %v", err)
	}
	if err := outflank.RemoveCircuitTournaments(ctx, s, "gp", []string{"sample"}); err != nil {
		t.Fatal(err)
	}
	watched := watchVersions(t, s)
	watched.wait(t, "the sample before its removal", func(v map[string]int64) bool { _, ok := v["sample"]; return ok })
	r, err := director.RemoveTournament(ctx, s, "sample", "sample")
	if err != nil {
		t.Fatal(err)
	}
	// The feed tells its watchers the tournament is gone.
	watched.wait(t, "the sample gone from the feed", func(v map[string]int64) bool { _, ok := v["sample"]; return !ok })
	if r.Head != before.Head || r.Actor != "admin" {
		t.Errorf("removal record: head %s by %q; want %s by admin", r.Head, r.Actor, before.Head)
	}
	if _, err := s.Tournament(ctx, "sample"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("the removed tournament: %v", err)
	}
	if list, _ := s.Tournaments(ctx); len(list) != 0 {
		t.Errorf("tournaments after the removal: %+v", list)
	}
	log, err := s.AccountLog(ctx, 10)
	if err != nil || len(log) == 0 || log[0].Action != outflank.AccountTournamentRemove || log[0].Actor != "admin" || !strings.Contains(log[0].Summary, before.Head) {
		t.Fatalf("accounts' log after the removal: %+v, %v", log, err)
	}
	// The record is the tournament file, which import reads.
	if got, err := exchange.ReadJSON(bytes.NewReader(r.Record)); err != nil || len(got.Players) != len(before.Tournament.Players) {
		t.Errorf("the record read as a tournament file: %v", err)
	}
	// Other tournaments written meanwhile take later event ids.
	other, err := outflank.NewTournament("other", "Other", "2026-11-28", rules.WOC, 13)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, other, outflank.KindCreate, "other"); err != nil {
		t.Fatal(err)
	}
	kept, err := s.Removals(ctx)
	if err != nil || len(kept) != 1 || kept[0].Slug != "sample" || kept[0].Kind != outflank.RemovedTournament || kept[0].Head != before.Head {
		t.Fatalf("records kept: %+v, %v", kept, err)
	}
	rec, err := director.RestoreTournament(ctx, s, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Head != before.Head {
		t.Errorf("restored head %s, want %s", rec.Head, before.Head)
	}
	audit, err := s.Audit(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	head, err := audit.Verify()
	if err != nil || head != before.Head {
		t.Fatalf("the restored log verifies to %s, %v; want %s", head, err, before.Head)
	}
	if !sameEvents(audit.Events, before.Events) {
		t.Errorf("restored log differs:\n%+v\nwant\n%+v", audit.Events, before.Events)
	}
	got, err := s.Tournament(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := exchange.WriteJSON(&again, got); err != nil {
		t.Fatal(err)
	}
	if again.String() != export.String() {
		t.Errorf("the restored tournament's export differs from the removed one's")
	}
	if _, err := s.Undo(ctx, "sample", 0); err != nil {
		t.Errorf("undo in the restored tournament: %v", err)
	}
	if _, err := director.RestoreTournament(ctx, s, "sample"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("restored twice: %v", err)
	}
	if log, _ := s.AccountLog(ctx, 1); len(log) != 1 || log[0].Action != outflank.AccountTournamentRestore {
		t.Errorf("accounts' log after the restore: %+v", log)
	}
	testCircuitRemoval(t, ctx, s)
}

// sameEvents compares two logs, their times as instants.
func sameEvents(a, b []outflank.Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if !x.At.Equal(y.At) {
			return false
		}
		x.At = y.At
		x.Changes, y.Changes = nil, nil
		if !reflect.DeepEqual(x, y) {
			return false
		}
	}
	return true
}

// testCircuitRemoval: a circuit deleted comes back with its tournaments,
// links and log, though a later circuit's log was written meanwhile; its
// changes are undone one by one, an unlink included.
func testCircuitRemoval(t *testing.T, ctx context.Context, s Removing) {
	if err := s.UpdateCircuit(ctx, "gp", outflank.CircuitLinkAction, func(c *outflank.Circuit) (string, error) {
		return "linked", c.Link("wof:1", "name:A|GBR")
	}); err != nil {
		t.Fatal(err)
	}
	want, err := s.Circuit(ctx, "gp")
	if err != nil {
		t.Fatal(err)
	}
	wantLog, err := s.CircuitLog(ctx, "gp")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := director.DeleteCircuit(ctx, s, "gp", ""); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Fatalf("deletion not confirmed: %v", err)
	}
	if _, err := director.DeleteCircuit(ctx, s, "gp", "gp"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Circuit(ctx, "gp"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("the deleted circuit: %v", err)
	}
	if err := s.CreateCircuit(ctx, &outflank.Circuit{Slug: "gp2", Name: "GP 2", Rules: circuit.EGP, Year: 2027}); err != nil {
		t.Fatal(err)
	}
	if _, err := director.RestoreCircuit(ctx, s, "gp"); err != nil {
		t.Fatal(err)
	}
	got, err := s.Circuit(ctx, "gp")
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("restored circuit %+v, %v; want %+v", got, err, want)
	}
	gotLog, err := s.CircuitLog(ctx, "gp")
	if err != nil || len(gotLog) != len(wantLog) {
		t.Fatalf("restored circuit log: %+v, %v; want %+v", gotLog, err, wantLog)
	}
	for i := range gotLog {
		g, w := gotLog[i], wantLog[i]
		if g.Action != w.Action || g.Summary != w.Summary || g.Actor != w.Actor || !g.At.Equal(w.At) || !bytes.Equal(g.Before, w.Before) {
			t.Errorf("restored circuit log entry %d: %+v, want %+v", i, g, w)
		}
	}
	// Undo: the unlink, the link, the removal of sample, its addition.
	if err := outflank.UnlinkCircuitPlayer(ctx, s, "gp", "A (GBR)"); err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Circuit(ctx, "gp"); len(c.Links) != 0 {
		t.Errorf("links after unlink: %+v", c.Links)
	}
	for i, wantLinks := range []int{1, 0, 0, 0} {
		summary, err := outflank.UndoCircuitChange(ctx, s, "gp")
		if err != nil {
			t.Fatalf("undo %d: %v", i+1, err)
		}
		c, _ := s.Circuit(ctx, "gp")
		if len(c.Links) != wantLinks || !strings.HasPrefix(summary, "undid #") {
			t.Errorf("undo %d (%s): links %+v", i+1, summary, c.Links)
		}
		if i == 2 && len(c.Tournaments) != 1 {
			t.Errorf("undoing the removal of sample: tournaments %v", c.Tournaments)
		}
	}
	c, _ := s.Circuit(ctx, "gp")
	if len(c.Tournaments) != 0 {
		t.Errorf("undoing the addition of sample: tournaments %v", c.Tournaments)
	}
	if _, err := outflank.UndoCircuitChange(ctx, s, "gp"); outflank.ErrorCode(err) != outflank.EINVALID {
		t.Errorf("undo past the creation: %v", err)
	}
}

// versionsSeen is what a store's feed last reported.
type versionsSeen struct {
	mu   sync.Mutex
	last map[string]int64
}

// watchVersions follows the feed of s until the test ends.
func watchVersions(t *testing.T, s outflank.Store) *versionsSeen {
	feed, ok := s.(outflank.Feed)
	if !ok {
		t.Fatalf("%T is not an outflank.Feed", s)
	}
	seen := &versionsSeen{}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.Cleanup(func() { stop(); <-done })
	go func() {
		defer close(done)
		feed.Watch(ctx, func(v map[string]int64) {
			seen.mu.Lock()
			seen.last = v
			seen.mu.Unlock()
		})
	}()
	return seen
}

// wait waits until the versions reported satisfy ok.
func (v *versionsSeen) wait(t *testing.T, what string, ok func(map[string]int64) bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v.mu.Lock()
		last := v.last
		v.mu.Unlock()
		if last != nil && ok(last) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waiting for %s: the feed reports %v", what, last)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
