package storetest

import (
	"context"
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
	t.Run("CredentialIDs", func(t *testing.T) { testArchiveCredentialIDs(t, from(t), to(t)) })
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
	rec := archived(t, src)
	if err := archive(t, dst).Restore(ctx, rec); err != nil {
		t.Fatal(err)
	}
	err := archive(t, dst).Restore(ctx, rec)
	wantCode(t, err, outflank.ECONFLICT)
	// Another slug, but the same event ids: refused, nothing written.
	other := *rec
	other.Tournament = rec.Tournament.Clone()
	other.Tournament.Slug = "other"
	err = archive(t, dst).Restore(ctx, &other)
	wantCode(t, err, outflank.ECONFLICT)
	if _, err := dst.Tournament(ctx, "other"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("after a refused restore, tournament other: %v; want none", err)
	}
}
