package storetest

import (
	"context"
	"strings"
	"sync"
	"testing"

	"outflank"
)

// setResult enters score at round 1, table on s, with opts.
func setResult(s outflank.Store, ctx context.Context, table int, score outflank.Discs, opts outflank.ResultOptions) (*outflank.Event, error) {
	return s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
		res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &score})
		if err != nil {
			return "", err
		}
		_, err = tour.SetResult(1, table, res, opts)
		return "result", err
	})
}

func testActorRecorded(t *testing.T, s outflank.Store) {
	ctx := outflank.WithActor(context.Background(), "Alice TD")
	created, err := s.Create(ctx, Sample(t), outflank.KindImport, "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := setResult(s, outflank.WithActor(context.Background(), "judge: table 2"), 2, outflank.Discs{Black: 40, White: 24}, outflank.ResultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if created.Actor != "Alice TD" || ev.Actor != "judge: table 2" {
		t.Errorf("events returned with actors %q and %q", created.Actor, ev.Actor)
	}
	log, err := s.Log(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || log[0].Actor != "Alice TD" || log[1].Actor != "judge: table 2" {
		t.Errorf("logged actors: %+v", log)
	}
}

func testLogChain(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	for table, score := range []outflank.Discs{{Black: 40, White: 24}, {Black: 10, White: 54}} {
		if _, err := setResult(s, ctx, table+2, score, outflank.ResultOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	undo, err := s.Undo(ctx, "sample", 0)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Audit(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	head, err := a.Verify()
	if err != nil {
		t.Fatalf("an untouched log does not verify: %v", err)
	}
	if head != undo.Hash || len(head) != 64 {
		t.Errorf("head %q, want the last entry's hash %q", head, undo.Hash)
	}
	for i, ev := range a.Events {
		if i > 0 && ev.PrevHash != a.Events[i-1].Hash {
			t.Errorf("entry #%d names %q as its predecessor, want %q", ev.ID, ev.PrevHash, a.Events[i-1].Hash)
		}
	}
	// Each kind of tampering is found, and named.
	for _, c := range []struct {
		name   string
		tamper func(a *outflank.AuditLog)
		want   string
	}{
		{"altered summary", func(a *outflank.AuditLog) { a.Events[1].Summary = "something else" }, "was altered"},
		{"removed entry", func(a *outflank.AuditLog) { a.Events = append(a.Events[:1], a.Events[2:]...) }, "removed"},
		{"reordered", func(a *outflank.AuditLog) { a.Events[1], a.Events[2] = a.Events[2], a.Events[1] }, "reordered"},
		{"removed tail", func(a *outflank.AuditLog) { a.Events = a.Events[:len(a.Events)-1] }, "at the end were removed"},
		{"data edited", func(a *outflank.AuditLog) { a.State.Players[0].Rating = 9 }, "behind Outflank's back"},
	} {
		b, err := s.Audit(ctx, "sample")
		if err != nil {
			t.Fatal(err)
		}
		c.tamper(b)
		_, err = b.Verify()
		if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Verify = %v, want a conflict saying %q", c.name, err, c.want)
		}
	}
}

func testUndoExpect(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	first, err := setResult(s, ctx, 2, outflank.Discs{Black: 40, White: 24}, outflank.ResultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := setResult(s, outflank.WithActor(ctx, "Bob"), 3, outflank.Discs{Black: 30, White: 34}, outflank.ResultOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// A director who saw the first change as the latest is refused, told
	// what the latest is and who made it.
	_, err = s.Undo(ctx, "sample", first.ID)
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "Bob") {
		t.Fatalf("undo expecting #%d after #%d: %v", first.ID, second.ID, err)
	}
	if g, _ := mustLoad(t, s, "sample").Game(1, 3); g.Result == nil {
		t.Fatal("a refused undo undid something")
	}
	ev, err := s.Undo(ctx, "sample", second.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Undoes != second.ID {
		t.Errorf("undid #%d, want #%d", ev.Undoes, second.ID)
	}
}

func testResultExpect(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	if _, err := s.Create(ctx, Sample(t), outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	// Round 1 table 1 holds 44-20 (typed 40-20: the empties go to the
	// winner); the board's 40-20 is accepted as the expectation too.
	for _, expect := range []outflank.Discs{{Black: 44, White: 20}, {Black: 40, White: 20}} {
		_, err := setResult(s, ctx, 1, outflank.Discs{Black: 20, White: 44}, outflank.ResultOptions{Replace: true, Expect: &expect})
		if err != nil {
			t.Fatalf("replace expecting %v: %v", expect, err)
		}
		if _, err := setResult(s, ctx, 1, outflank.Discs{Black: 40, White: 20}, outflank.ResultOptions{Replace: true}); err != nil {
			t.Fatal(err)
		}
	}
	// Expecting what is no longer there is refused, and names what is.
	stale := outflank.Discs{Black: 20, White: 44}
	_, err := setResult(s, ctx, 1, outflank.Discs{Black: 32, White: 32}, outflank.ResultOptions{Replace: true, Expect: &stale})
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "44-20") {
		t.Fatalf("stale expectation: %v", err)
	}
	if g, _ := mustLoad(t, s, "sample").Game(1, 1); g.Result.BlackDiscs != 44 {
		t.Errorf("a refused replacement changed the result: %+v", g.Result)
	}
	// A game without a result does not have the expected score either.
	_, err = setResult(s, ctx, 2, outflank.Discs{Black: 32, White: 32}, outflank.ResultOptions{Replace: true, Expect: &stale})
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "no result") {
		t.Errorf("expectation on an empty game: %v", err)
	}
}

// testConcurrentTables has judges enter results on different tables at
// once: every one is saved (each change applies to the state the others
// left, whether the store prepares it again or waits for its turn: none is
// refused).
func testConcurrentTables(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tour := Sample(t)
	if _, err := tour.AddPlayer(outflank.Player{Name: "Gus Late"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, tour, outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Update(ctx, "sample", outflank.KindRound, func(tour *outflank.Tournament) (string, error) {
		_, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 2, White: 1}, {Black: 4, White: 3}, {Black: 7, White: 6}}, nil)
		return "round 2", err
	}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Go(func() {
			_, errs[i] = s.Update(ctx, "sample", outflank.KindResult, func(tour *outflank.Tournament) (string, error) {
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
				if err != nil {
					return "", err
				}
				_, err = tour.SetResult(2, i+1, res, outflank.ResultOptions{})
				return "result", err
			})
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("table %d: %v", i+1, err)
		}
	}
	for table := 1; table <= 3; table++ {
		if g, _ := mustLoad(t, s, "sample").Game(2, table); g.Result == nil {
			t.Errorf("round 2 table %d has no result", table)
		}
	}
}

// testPairedMeanwhile: two directors pair the same round at once; the one
// who saves second is told that round was paired meanwhile.
func testPairedMeanwhile(t *testing.T, s outflank.Store) {
	ctx := context.Background()
	tour := Sample(t)
	for table := 2; table <= 3; table++ {
		res, _ := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: 40, White: 24}})
		if _, err := tour.SetResult(1, table, res, outflank.ResultOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Create(ctx, tour, outflank.KindImport, ""); err != nil {
		t.Fatal(err)
	}
	pair := func() error {
		_, err := s.Update(ctx, "sample", outflank.KindRound, func(tour *outflank.Tournament) (string, error) {
			_, err := tour.PairNext(outflank.PairOptions{Round: 2, Seed: 1})
			return "paired", err
		})
		return err
	}
	if err := pair(); err != nil {
		t.Fatal(err)
	}
	err := pair()
	if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "round 2 was paired meanwhile") {
		t.Errorf("second pairing of round 2: %v", err)
	}
	if n := len(mustLoad(t, s, "sample").Rounds); n != 2 {
		t.Errorf("%d rounds after two directors paired round 2, want 2", n)
	}
}
