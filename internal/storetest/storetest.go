// Package storetest is the test suite every outflank.Store must pass. The
// SQLite package runs it on a fresh database file; a PostgreSQL store will
// run the same suite against a real server.
package storetest

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"testing"

	"outflank"
	"outflank/rules"
)

// Opener returns a fresh, empty store for one test.
type Opener func(t *testing.T) outflank.Store

// Run runs the whole suite.
func Run(t *testing.T, open Opener) {
	t.Run("CreateAndLoad", func(t *testing.T) { testCreateAndLoad(t, open(t)) })
	t.Run("DuplicateSlug", func(t *testing.T) { testDuplicateSlug(t, open(t)) })
	t.Run("UpdateAndLog", func(t *testing.T) { testUpdateAndLog(t, open(t)) })
	t.Run("FailedUpdateWritesNothing", func(t *testing.T) { testFailedUpdate(t, open(t)) })
	t.Run("Undo", func(t *testing.T) { testUndo(t, open(t)) })
	t.Run("StaleVersion", func(t *testing.T) { testStaleVersion(t, open(t)) })
	t.Run("ConcurrentResults", func(t *testing.T) { testConcurrentResults(t, open(t)) })
	t.Run("NotFound", func(t *testing.T) { testNotFound(t, open(t)) })
	t.Run("ActorRecorded", func(t *testing.T) { testActorRecorded(t, open(t)) })
	t.Run("LogChainVerifies", func(t *testing.T) { testLogChain(t, open(t)) })
	t.Run("UndoExpect", func(t *testing.T) { testUndoExpect(t, open(t)) })
	t.Run("ResultExpect", func(t *testing.T) { testResultExpect(t, open(t)) })
	t.Run("ConcurrentTablesAllSaved", func(t *testing.T) { testConcurrentTables(t, open(t)) })
	t.Run("PairedMeanwhile", func(t *testing.T) { testPairedMeanwhile(t, open(t)) })
	t.Run("Absences", func(t *testing.T) { testAbsences(t, open(t)) })
	t.Run("KnockoutChoice", func(t *testing.T) { testKnockoutChoice(t, open(t)) })
	t.Run("EveryGameColumn", func(t *testing.T) { testEveryGameColumn(t, open(t)) })
	t.Run("SharedTournament", func(t *testing.T) { testShared(t, open(t)) })
	t.Run("EveryRowKind", func(t *testing.T) { testEveryRowKind(t, open(t)) })
	t.Run("VersionsAndLogTail", func(t *testing.T) { testTail(t, open(t)) })
}

// Sample returns a small tournament with six players, one round with a
// result and a bye-free pairing, used across the suite.
func Sample(t testing.TB) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("sample", "Sample Open", "2026-08-01", rules.WOC, 5)
	if err != nil {
		t.Fatal(err)
	}
	w := 1
	for _, p := range []outflank.Player{
		{Name: "Anna Black", Country: "GBR", Rating: 2000, Gender: "f", Born: "2012-03-04"},
		{Name: "Ben White", Country: "FRA", Rating: 1900, WOFID: 1234},
		{Name: "Chen Wu", Country: "CHN", Seeded: true},
		{Name: "Dita Eriksen", Country: "NOR", Team: "Norway", Additional: true},
		{Name: "Emil Ek", Country: "SWE", WithdrawnAfterRound: &w},
		{Name: "Fay Go", Country: "JPN", Rating: 2400},
	} {
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}, {Black: 5, White: 6}}, nil); err != nil {
		t.Fatal(err)
	}
	res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 20}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tour.SetResult(1, 1, res, outflank.ResultOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw(5, 1); err != nil {
		t.Fatal(err)
	}
	return tour
}

// equal compares tournaments, ignoring the stores' version numbers.
func equal(a, b *outflank.Tournament) bool {
	ca, cb := a.Clone(), b.Clone()
	for _, c := range []*outflank.Tournament{ca, cb} {
		c.Version = 0
		for i := range c.Rounds {
			for j := range c.Rounds[i].Games {
				c.Rounds[i].Games[j].Version = 0
			}
		}
	}
	return reflect.DeepEqual(ca, cb)
}

func mustLoad(t *testing.T, s outflank.Store, slug string) *outflank.Tournament {
	t.Helper()
	tour, err := s.Tournament(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return tour
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if outflank.ErrorCode(err) != code {
		t.Fatalf("error %v (code %q), want code %q", err, outflank.ErrorCode(err), code)
	}
}

func testCreateAndLoad(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	want := Sample(t)
	ev, err := s.Create(ctx, want, outflank.KindImport, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if ev.ID == 0 || len(ev.Changes) == 0 {
		t.Errorf("event %+v: want an id and the rows created", ev)
	}
	got := mustLoad(t, s, "sample")
	if !equal(got, want) {
		t.Errorf("loaded tournament differs:\n got %+v\nwant %+v", got, want)
	}
	list, err := s.Tournaments(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].Slug != "sample" || list[0].Players != 6 || list[0].Rounds != 1 {
		t.Errorf("Tournaments = %+v", list)
	}
}

func testDuplicateSlug(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	_, err := s.Create(ctx, Sample(t), outflank.KindImport, "")
	wantCode(t, err, outflank.ECONFLICT)
}

func testUpdateAndLog(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, "sample"); err != nil {
		t.Fatal(err)
	}
	ev, err := s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeForfeit, Loser: outflank.White})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, 2, res, outflank.ResultOptions{})
		return "round 1 table 2: forfeit", err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Changes) != 1 || ev.Changes[0].Entity != outflank.EntityGame || ev.Changes[0].Key != "1/2" || ev.Changes[0].Before == nil {
		t.Errorf("changes = %+v, want the one game before and after", ev.Changes)
	}
	g, err := mustLoad(t, s, "sample").Game(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	if g.Result == nil || g.Result.BlackDiscs != 64 || g.Result.WhiteDiscs != 0 || g.Version < 2 {
		t.Errorf("stored game = %+v (result %+v)", g, g.Result)
	}
	log, err := s.Log(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].Kind != outflank.KindImport || log[1].Kind != outflank.KindResult || log[1].Summary != "round 1 table 2: forfeit" ||
		log[1].At.IsZero() || len(log[1].Changes) != 1 {
		t.Errorf("log = %+v", log)
	}
}

func testFailedUpdate(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	before := mustLoad(t, s, "sample")
	_, err := s.Update(ctx, "sample", outflank.KindRound, func(tour *outflank.Tournament) (string, error) {
		tour.Name = "changed, then failed"
		_, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 5}}, nil) // 5 withdrew after round 1
		return "", err
	})
	wantCode(t, err, outflank.EINVALID)
	if after := mustLoad(t, s, "sample"); !equal(before, after) {
		t.Errorf("a failed update changed the tournament")
	}
	if log, _ := s.Log(ctx, "sample"); len(log) != 1 {
		t.Errorf("a failed update was logged: %+v", log)
	}
}

func testUndo(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	states := []*outflank.Tournament{mustLoad(t, s, "sample")}
	steps := []func(*outflank.Tournament) (string, error){
		func(tour *outflank.Tournament) (string, error) {
			_, err := tour.AddPlayer(outflank.Player{Name: "Gus Late"})
			return "late entry", err
		},
		func(tour *outflank.Tournament) (string, error) {
			_, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 2, White: 1}, {Black: 4, White: 3}}, []int{6, 7})
			return "round 2", err
		},
		func(tour *outflank.Tournament) (string, error) {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 30, White: 30}})
			if err != nil {
				return "", err
			}
			_, err = tour.SetResult(2, 1, res, outflank.ResultOptions{})
			return "2/1 draw", err
		},
	}
	for _, step := range steps {
		if _, err := s.Update(ctx, "sample", "step", step); err != nil {
			t.Fatal(err)
		}
		states = append(states, mustLoad(t, s, "sample"))
	}
	for i := len(steps) - 1; i >= 0; i-- {
		ev, err := s.Undo(ctx, "sample", 0)
		if err != nil {
			t.Fatalf("undo %d: %v", i, err)
		}
		if ev.Kind != outflank.KindUndo || ev.Undoes == 0 {
			t.Errorf("undo event %+v", ev)
		}
		if got := mustLoad(t, s, "sample"); !equal(got, states[i]) {
			t.Errorf("after undoing step %d the tournament differs from before it", i+1)
		}
	}
	_, err := s.Undo(ctx, "sample", 0)
	wantCode(t, err, outflank.EINVALID)
	log, err := s.Log(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 1+2*len(steps) {
		t.Fatalf("log has %d events, want %d", len(log), 1+2*len(steps))
	}
	for _, ev := range log[1 : 1+len(steps)] {
		if ev.UndoneBy == 0 {
			t.Errorf("event %d (%s) not marked undone", ev.ID, ev.Summary)
		}
	}
}

func testStaleVersion(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	seen, err := mustLoad(t, s, "sample").Game(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	set := func(discs int, ifVersion int) error {
		_, err := s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: discs, White: 64 - discs}})
			if err != nil {
				return "", err
			}
			_, err = tour.SetResult(1, 1, res, outflank.ResultOptions{Replace: true, IfVersion: ifVersion})
			return "replace", err
		})
		return err
	}
	if err := set(50, seen.Version); err != nil {
		t.Fatal(err)
	}
	// A second director who read the game before that change is refused.
	wantCode(t, set(10, seen.Version), outflank.ECONFLICT)
	g, _ := mustLoad(t, s, "sample").Game(1, 1)
	if g.Result.BlackDiscs != 50 {
		t.Errorf("the stale write overwrote the result: %+v", g.Result)
	}
}

func testConcurrentResults(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	const writers = 8
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for i := range writers {
		wg.Go(func() {
			_, errs[i] = s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 20 + i, White: 44 - i}})
				if err != nil {
					return "", err
				}
				_, err = tour.SetResult(1, 3, res, outflank.ResultOptions{})
				return "3", err
			})
		})
	}
	wg.Wait()
	saved := 0
	for _, err := range errs {
		switch {
		case err == nil:
			saved++
		case outflank.ErrorCode(err) != outflank.ECONFLICT:
			t.Errorf("writer failed with %v, want success or a conflict", err)
		}
	}
	if saved != 1 {
		t.Errorf("%d writers saved a result for the same game, want exactly 1", saved)
	}
}

func testNotFound(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	_, err := s.Tournament(ctx, "nope")
	wantCode(t, err, outflank.ENOTFOUND)
	_, err = s.Update(ctx, "nope", "x", func(*outflank.Tournament) (string, error) { return "", errors.New("not called") })
	wantCode(t, err, outflank.ENOTFOUND)
	_, err = s.Log(ctx, "nope")
	wantCode(t, err, outflank.ENOTFOUND)
	_, err = s.Undo(ctx, "nope", 0)
	wantCode(t, err, outflank.ENOTFOUND)
}

// testEveryGameColumn stores games using every column of a game (a board,
// a transcript, a default with its flags, an adjudication, a knockout
// choice with and without a result) beside plain ones, and checks that
// they are loaded as they were, by a store that keeps nothing yet and by
// the same store again.
func testEveryGameColumn(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tour := Sample(t)
	games := tour.Rounds[0].Games
	games[1].Result = &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: 33, WhiteDiscs: 31,
		Board: &outflank.Discs{Black: 33, White: 30}, Moves: "f5d6c3d3c4f4", Reason: "board counted by the judge"}
	games[2].Result = &outflank.Result{Outcome: outflank.OutcomePenalty, BlackDiscs: 0, WhiteDiscs: 64, Defaulter: outflank.Black,
		DefaulterFlags: 2, OpponentFlags: 1, Loser: outflank.Black, Winner: outflank.White, DiscsUnknown: true}
	games[2].Choice = &outflank.Choice{Player: games[2].White, Chose: outflank.ChoseDrawWin}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 2, White: 1}, {Black: 4, White: 3}}, nil); err != nil {
		t.Fatal(err)
	}
	tour.Rounds[1].Games[1].Choice = &outflank.Choice{Player: 4, Chose: outflank.ChoseBlack} // no result yet
	if _, err := s.Create(ctx, tour, outflank.KindImport, "every column"); err != nil {
		t.Fatal(err)
	}
	for _, when := range []string{"read in full", "read again"} {
		got := mustLoad(t, s, "sample")
		if !equal(got, tour) {
			t.Fatalf("%s: loaded\n%+v\nwant\n%+v", when, got.Rounds, tour.Rounds)
		}
	}
}
