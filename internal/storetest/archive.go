package storetest

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"outflank"
	"outflank/auth"
	"outflank/rules"
)

// RunArchive tests a store's outflank.Archive: a tournament dumped from
// one store and restored into another (open gives a fresh one each time,
// of the same kind or not) is the same, log and all, and a restore that
// would collide with what the destination holds writes nothing.
func RunArchive(t *testing.T, from, to Opener) {
	t.Run("RoundTrip", func(t *testing.T) { testArchiveRoundTrip(t, from(t), to(t)) })
	t.Run("Collisions", func(t *testing.T) { testArchiveCollisions(t, from(t), to(t)) })
	t.Run("Append", func(t *testing.T) { testArchiveAppend(t, from(t), to(t)) })
	t.Run("CredentialIDs", func(t *testing.T) { testArchiveCredentialIDs(t, from(t), to(t)) })
	t.Run("LaterRecords", func(t *testing.T) { testArchiveLaterRecords(t, from(t), to) })
}

// testArchiveCredentialIDs (issue 25, point 5): the accounts copied into
// another store keep their ids, and the ids the first store gave to rows
// since removed (the newest user, token and judge link) are not given
// again by the copy.
func testArchiveCredentialIDs(t *testing.T, src, dst outflank.Store) {
	ctx := context.Background()
	for _, s := range []outflank.Store{src, dst} {
		club, err := outflank.NewTournament("club", "Club", "2026-11-28", rules.BOFRegional, 5)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Create(ctx, club, outflank.KindImport, ""); err != nil {
			t.Fatal(err)
		}
	}
	accounts := func(s outflank.Store) (*auth.Service, outflank.Accounts, outflank.RecordsArchive) {
		acc, ok1 := s.(outflank.Accounts)
		rec, ok2 := s.(outflank.RecordsArchive)
		if !ok1 || !ok2 {
			t.Fatalf("%T keeps no accounts to copy", s)
		}
		return auth.New(acc), acc, rec
	}
	a, acc, rec := accounts(src)
	var removed struct{ user, token, link int64 }
	for _, name := range []string{"Ann", "Ben"} {
		u, err := a.AddUser(ctx, name, "a good password", false)
		if err != nil {
			t.Fatal(err)
		}
		removed.user = u.ID
	}
	if err := acc.RemoveUser(ctx, "Ben"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"one", "two"} {
		if _, err := a.AddToken(ctx, "Ann", name); err != nil {
			t.Fatal(err)
		}
	}
	tokens, err := acc.Tokens(ctx, "Ann")
	if err != nil || len(tokens) != 2 {
		t.Fatalf("tokens %+v, %v", tokens, err)
	}
	removed.token = max(tokens[0].ID, tokens[1].ID)
	if err := acc.RemoveToken(ctx, "Ann", "two"); err != nil {
		t.Fatal(err)
	}
	for _, label := range []string{"Eve", "Fay"} {
		_, link, err := a.AddJudgeLink(ctx, "club", 0, 0, label, "Ann")
		if err != nil {
			t.Fatal(err)
		}
		removed.link = link.ID
	}
	if err := acc.RemoveJudgeLink(ctx, "club", removed.link); err != nil {
		t.Fatal(err)
	}
	dump, err := rec.DumpAccounts(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, bacc, brec := accounts(dst)
	if err := brec.RestoreAccounts(ctx, dump); err != nil {
		t.Fatal(err)
	}
	if u, err := b.AddUser(ctx, "Cid", "a good password", false); err != nil || u.ID <= removed.user {
		t.Errorf("a user added to the copy: %+v, %v; want an id above #%d, removed before the copy", u, err, removed.user)
	}
	if _, err := b.AddToken(ctx, "Ann", "three"); err != nil {
		t.Fatal(err)
	}
	tokens, err = bacc.Tokens(ctx, "Ann")
	if err != nil {
		t.Fatal(err)
	}
	for _, tok := range tokens {
		if tok.Name == "three" && tok.ID <= removed.token {
			t.Errorf("a token added to the copy is #%d; want an id above #%d, removed before the copy", tok.ID, removed.token)
		}
	}
	if _, link, err := b.AddJudgeLink(ctx, "club", 0, 0, "Gus", "Ann"); err != nil || link.ID <= removed.link {
		t.Errorf("a judge link issued by the copy: %+v, %v; want an id above #%d, withdrawn before the copy", link, err, removed.link)
	}
}

// archived fills s with the sample tournament, changed, undone and
// changed again by two actors, and returns its dump.
func archived(t *testing.T, s outflank.Store) *outflank.TournamentRecord {
	t.Helper()
	ctx := outflank.WithActor(context.Background(), "td:anna")
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, "sample"); err != nil {
		t.Fatal(err)
	}
	forfeit := func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeForfeit, Loser: outflank.White})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{})
		return "round 1 table 2: forfeit", err
	}
	if _, err := s.Update(ctx, "sample", outflank.KindResult, forfeit); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Undo(outflank.WithActor(ctx, "judge:3"), "sample", 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "sample", outflank.KindResult, forfeit); err != nil {
		t.Fatal(err)
	}
	rec, err := archive(t, s).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func archive(t *testing.T, s outflank.Store) outflank.Archive {
	t.Helper()
	a, ok := s.(outflank.Archive)
	if !ok {
		t.Fatalf("%T is not an outflank.Archive", s)
	}
	return a
}

func testArchiveRoundTrip(t *testing.T, src, dst outflank.Store) {
	ctx := context.Background()
	rec := archived(t, src)
	if len(rec.Events) != 4 || rec.Events[1].UndoneBy != rec.Events[2].ID || rec.Head != rec.Events[3].Hash || rec.CreatedAt.IsZero() {
		t.Fatalf("dump = %+v", rec)
	}
	if _, err := rec.Audit().Verify(); err != nil {
		t.Fatalf("the dump does not verify: %v", err)
	}
	if err := archive(t, dst).Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	got, err := archive(t, dst).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Events, rec.Events) || got.Head != rec.Head || !got.CreatedAt.Equal(rec.CreatedAt) {
		t.Errorf("restored log differs:\n got %+v\nwant %+v", got.Events, rec.Events)
	}
	if !reflect.DeepEqual(got.Tournament, rec.Tournament) {
		t.Errorf("restored tournament differs:\n got %+v\nwant %+v", got.Tournament, rec.Tournament)
	}
	audit, err := dst.Audit(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if head, err := audit.Verify(); err != nil || head != rec.Head {
		t.Errorf("restored log: head %s, %v; want %s", head, err, rec.Head)
	}
	// The copy goes on as the original would.
	if _, err := dst.Undo(ctx, "sample", rec.Events[3].ID); err != nil {
		t.Fatal(err)
	}
	log, err := dst.Log(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 5 || log[4].ID <= log[3].ID || log[4].Undoes != rec.Events[3].ID {
		t.Errorf("log after an undo on the copy: %+v", log)
	}
}

func testArchiveCollisions(t *testing.T, src, dst outflank.Store) {
	ctx := context.Background()
	// dst's own tournament numbers its events as src numbered sample's.
	own := busy(t, dst, "own", 3)
	rec := archived(t, src)
	if err := archive(t, dst).Restore(ctx, rec); err != nil {
		t.Fatalf("a log whose event ids another tournament's log uses: %v; want it copied (issue 26, point 11)", err)
	}
	err := archive(t, dst).Restore(ctx, rec)
	wantCode(t, err, outflank.ECONFLICT)
	for _, slug := range []string{"own", "sample"} {
		verifies(t, dst, slug)
	}
	// Each log goes on after every id of the store.
	for _, slug := range []string{"own", "sample"} {
		ev, err := dst.Update(ctx, slug, outflank.KindEdit, rename("Later, Name"))
		if err != nil {
			t.Fatal(err)
		}
		if ev.ID <= max(own, rec.Events[len(rec.Events)-1].ID) {
			t.Errorf("the next event of %s is #%d; want it after #%d and #%d", slug, ev.ID, own, rec.Events[len(rec.Events)-1].ID)
		}
		verifies(t, dst, slug)
	}
}

// testArchiveAppend (issue 26, point 11): a tournament copied to another
// store (a hall's laptop) goes on there, undoing an event of before the
// copy among others, while the first store's other tournaments take the
// same event ids; Append brings its new events back, and the first store
// then has the tournament and its log as the second has them.
func testArchiveAppend(t *testing.T, hall, dst outflank.Store) {
	ctx := outflank.WithActor(context.Background(), "td:bo")
	rec := archived(t, dst)
	if err := archive(t, hall).Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	from := len(rec.Events)
	busy(t, dst, "other", 4)
	if _, err := hall.Undo(ctx, "sample", 0); err != nil { // the forfeit of before the copy
		t.Fatal(err)
	}
	if _, err := hall.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{})
		return "round 1 table 2: 40-24", err
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := hall.Update(ctx, "sample", outflank.KindEdit, rename("Hall, Name")); err != nil {
		t.Fatal(err)
	}
	want, err := archive(t, hall).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if want.Events[from-1].UndoneBy != want.Events[from].ID {
		t.Fatalf("the hall's undo marked %+v", want.Events[from-1])
	}
	// A head that is not dst's: refused, nothing written.
	wantCode(t, archive(t, dst).Append(ctx, want, from-1), outflank.ECONFLICT)
	if got, err := archive(t, dst).Dump(ctx, "sample"); err != nil || got.Head != rec.Head || len(got.Events) != from {
		t.Fatalf("after a refused append: %v, %+v", err, got)
	}
	if err := archive(t, dst).Append(ctx, want, from); err != nil {
		t.Fatal(err)
	}
	got, err := archive(t, dst).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Events, want.Events) || got.Head != want.Head {
		t.Errorf("the log appended to:\n got %+v\nwant %+v", got.Events, want.Events)
	}
	if changes, err := outflank.Diff(got.Tournament, want.Tournament); err != nil || len(changes) != 0 {
		t.Errorf("the tournament appended to differs from the hall's: %+v, %v", changes, err)
	}
	if got.Tournament.Version <= rec.Tournament.Version {
		t.Errorf("the tournament's version after the append: %d; want above %d", got.Tournament.Version, rec.Tournament.Version)
	}
	verifies(t, dst, "sample")
	// The log goes on after every id of the store, and an undo there
	// undoes the hall's latest change.
	ev, err := dst.Undo(ctx, "sample", 0)
	if err != nil {
		t.Fatal(err)
	}
	if last := want.Events[len(want.Events)-1]; ev.Undoes != last.ID || ev.ID <= last.ID {
		t.Errorf("undo on dst after the append: %+v; want it to undo #%d", ev, last.ID)
	}
	verifies(t, dst, "sample")
	verifies(t, dst, "other")
	// Appending again: dst's head is no longer the hall's first.
	wantCode(t, archive(t, dst).Append(ctx, want, from), outflank.ECONFLICT)
}

// busy creates the tournament slug in s and changes it n-1 times, and
// returns the id of its latest event.
func busy(t *testing.T, s outflank.Store, slug string, n int) int64 {
	t.Helper()
	ctx := context.Background()
	tour := Sample(t)
	tour.Slug = slug
	ev, err := s.Create(ctx, tour, outflank.KindImport, slug)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i < n; i++ {
		if ev, err = s.Update(ctx, slug, outflank.KindEdit, rename(fmt.Sprintf("Name, %d", i))); err != nil {
			t.Fatal(err)
		}
	}
	return ev.ID
}

// rename renames a tournament's first player.
func rename(name string) func(*outflank.Tournament) (string, error) {
	return func(tour *outflank.Tournament) (string, error) {
		tour.Players[0].Name = name
		return "renamed " + name, nil
	}
}

// verifies checks the log of slug in s.
func verifies(t *testing.T, s outflank.Store, slug string) {
	t.Helper()
	audit, err := s.Audit(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := audit.Verify(); err != nil {
		t.Errorf("log of %s: %v", slug, err)
	}
}
