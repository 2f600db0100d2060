package outflank_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestPatchAsApply plays whole events of every ruleset step by step, with
// withdrawals, absences, late entries, replaced results and undos, and
// checks at every step that patching the state before with the step's
// changes (what a store keeps in memory, internal/memo) gives the
// tournament Apply rebuilds from every row's JSON (what a store would load
// back), and the state after itself.
func TestPatchAsApply(t *testing.T) {
	for _, id := range []rules.ID{rules.WOC, rules.EGP, rules.AOF, rules.BOFNational, rules.Custom} {
		for seed := uint64(1); seed <= 2; seed++ {
			t.Run(fmt.Sprintf("%s-seed%d", id, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 17))
				tour := field(t, id, 12+rng.IntN(12), rng)
				steps := 0
				for !tour.Status().Done && steps < 400 {
					before := tour.Clone()
					was := jsonOf(t, before)
					if !step(t, tour, rng) {
						break // a small field runs out of pairings: enough steps
					}
					if now := jsonOf(t, before); now != was {
						t.Fatalf("the step changed in place what Clone shares (a result, a choice, a withdrawal):\n%s\nwas\n%s", now, was)
					}
					checkPatch(t, before, tour)
					if rng.IntN(8) == 0 {
						// An undo: the inverse changes, patched as well.
						changes, err := outflank.Diff(before, tour)
						if err != nil {
							t.Fatal(err)
						}
						if len(changes) > 0 {
							undone, err := tour.Apply(outflank.Invert(changes))
							if err != nil {
								t.Fatal(err)
							}
							checkPatch(t, tour, undone)
							tour = undone
						}
					}
					steps++
				}
				if steps < 10 {
					t.Fatalf("only %d steps", steps)
				}
			})
		}
	}
}

// step makes one change a director makes: mostly a result or a pairing,
// now and then a withdrawal, a late entry, a result replaced or the
// tournament's own settings. It reports
// false when the next round cannot be paired.
func step(t *testing.T, tour *outflank.Tournament, rng *rand.Rand) bool {
	t.Helper()
	switch rng.IntN(12) {
	case 0:
		if len(tour.Rounds) > 0 {
			r := tour.Rounds[len(tour.Rounds)-1]
			for _, g := range r.Games {
				if g.Result != nil && r.Stage == outflank.StageSwiss {
					b := 10 + rng.IntN(20)
					if _, err := tour.SetResult(r.Number, g.Table, &outflank.Result{Outcome: outflank.OutcomeNormal, BlackDiscs: b, WhiteDiscs: 64 - b}, outflank.ResultOptions{Replace: true}); err == nil {
						return true
					}
				}
			}
		}
	case 1:
		p := tour.Players[rng.IntN(len(tour.Players))]
		if p.WithdrawnAfterRound == nil && len(tour.Rounds) > 0 {
			if err := tour.Withdraw(p.ID, len(tour.Rounds)); err == nil {
				return true
			}
		}
	case 3:
		tour.Name += "+" // the tournament's own row
		tour.Settings.DrawSeed++
		return true
	case 2:
		if _, err := tour.AddPlayer(outflank.Player{Name: fmt.Sprintf("Late %d", len(tour.Players)+1), Gender: "f", Born: "1999-01-01"}); err == nil {
			return true
		}
	}
	if enterOneResult(t, tour, rng) {
		return true
	}
	_, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()})
	return err == nil
}

// checkPatch checks before.Patch(Diff(before, after)) against after and
// against before.Apply of the same changes.
func checkPatch(t *testing.T, before, after *outflank.Tournament) {
	t.Helper()
	changes, err := outflank.Diff(before, after)
	if err != nil {
		t.Fatal(err)
	}
	source := before.Clone()
	patched, err := before.Patch(changes)
	if err != nil {
		t.Fatalf("Patch(%v): %v", changes, err)
	}
	// Patch shares what no change touched with before: patching before
	// again, another way (inserting a player, a game and a bye at the end,
	// where a slice may have room), and setting the versions of the games
	// patched, as a store does, change neither before nor the first copy.
	kept := patched.Clone()
	for _, c := range changes {
		if n, table, err := outflank.KeyNumbers(c.Key); err == nil && c.Entity == outflank.EntityGame && c.After != nil {
			g, err := patched.Game(n, table)
			if err != nil {
				t.Fatal(err)
			}
			k, err := kept.Game(n, table)
			if err != nil {
				t.Fatal(err)
			}
			g.Version += 100
			k.Version += 100
		}
	}
	if _, err := before.Patch(insertions(t, before)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(before, source) {
		again, _ := outflank.Diff(source, before)
		t.Fatalf("Patch changed the tournament it patched: %v", again)
	}
	if !reflect.DeepEqual(patched, kept) {
		again, _ := outflank.Diff(kept, patched)
		t.Fatalf("patching the same tournament again changed the first copy: %v", again)
	}
	applied, err := before.Apply(changes)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []*outflank.Tournament{applied, after} {
		if !reflect.DeepEqual(withoutVersions(patched), withoutVersions(want)) {
			again, _ := outflank.Diff(want, patched)
			t.Fatalf("patched with %d changes, the tournament differs: %v\npatched %+v\nwant    %+v", len(changes), again, patched, want)
		}
	}
	if reflect.DeepEqual(withoutVersions(before), withoutVersions(after)) != (len(changes) == 0) {
		t.Fatalf("%d changes between states equal %v", len(changes), reflect.DeepEqual(before, after))
	}
	checkSealedPatch(t, before, after, changes)
}

// checkSealedPatch checks the lists of a sealed tournament patched: before,
// sealed, with its lists after every round drawn up, patched with changes,
// has the lists after every round of after (inherited where the changes
// left them alone, drawn up anew elsewhere), and so has a copy of it.
func checkSealedPatch(t *testing.T, before, after *outflank.Tournament, changes []outflank.Change) {
	t.Helper()
	sealed := before.Clone()
	sealed.Seal()
	for round := range len(sealed.Rounds) + 2 {
		sealed.IFRL(round)
	}
	patched, err := sealed.Patch(changes)
	if err != nil {
		t.Fatal(err)
	}
	if !patched.Sealed() {
		t.Fatal("the copy Patch makes of a sealed tournament is not sealed")
	}
	if err := patched.CheckLists(after); err != nil {
		t.Fatalf("after %v: %v", changes, err)
	}
	copied := patched.Clone()
	if copied.Sealed() {
		t.Fatal("Clone's copy of a sealed tournament is sealed")
	}
	for round := range len(after.Rounds) + 2 {
		want := after.IFRL(round)
		if got := patched.IFRL(round); !reflect.DeepEqual(got, want) {
			t.Fatalf("after %v, the lists after round %d of the sealed copy:\n%+v\nwant\n%+v", changes, round, got, want)
		}
		if got := copied.IFRL(round); !reflect.DeepEqual(got, want) {
			t.Fatalf("after %v, the lists after round %d of its copy:\n%+v\nwant\n%+v", changes, round, got, want)
		}
	}
}

// jsonOf is t as the tournament file writes it.
func jsonOf(t *testing.T, tour *outflank.Tournament) string {
	t.Helper()
	data, err := json.Marshal(tour)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// insertions are the changes that add to t a player, a game at the last
// round's next table and a bye for the new player, rows at the end of
// their slices, and delete the last round's first bye.
func insertions(t *testing.T, tour *outflank.Tournament) []outflank.Change {
	t.Helper()
	more := tour.Clone()
	id := 1
	if n := len(more.Players); n > 0 {
		id = more.Players[n-1].ID + 1
	}
	more.Players = append(more.Players, outflank.Player{ID: id, Name: fmt.Sprintf("Inserted %d", id)})
	if n := len(more.Rounds); n > 0 {
		r := &more.Rounds[n-1]
		table := 1
		if len(r.Games) > 0 {
			table = r.Games[len(r.Games)-1].Table + 1
		}
		r.Games = append(r.Games, outflank.Game{Table: table, Black: 1, White: id})
		if len(r.Byes) > 0 {
			r.Byes = r.Byes[1:] // deleted: the others move
		}
		r.Byes = append(r.Byes, id)
	}
	changes, err := outflank.Diff(tour, more)
	if err != nil {
		t.Fatal(err)
	}
	return changes
}

// withoutVersions is a copy of t without the versions stores set, with
// the empty lists a store loads as nil.
func withoutVersions(t *outflank.Tournament) *outflank.Tournament {
	c := t.Clone()
	c.Version = 0
	for i := range c.Rounds {
		for j := range c.Rounds[i].Games {
			c.Rounds[i].Games[j].Version = 0
		}
	}
	return c
}
