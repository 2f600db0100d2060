package outflank

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"
)

// TestSortChangesOrder: the sort with keys parsed once orders changes as
// the rule says, compared pair by pair with compareKeys: deletions first,
// children before parents; then the rest parents first; each kind by key,
// "3/2" before "3/12".
func TestSortChangesOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rank := func(c Change) int {
		i := slices.Index(entityOrder, c.Entity)
		if c.After == nil {
			return -i
		}
		return 10 + i
	}
	for trial := range 200 {
		var changes []Change
		for range rng.IntN(60) {
			entity := entityOrder[rng.IntN(len(entityOrder))]
			key := strconv.Itoa(rng.IntN(30))
			switch entity {
			case EntityTournament:
				key = "slug-" + strconv.Itoa(rng.IntN(3))
			case EntityGame, EntityBye:
				key += "/" + strconv.Itoa(rng.IntN(30))
			}
			c := Change{Entity: entity, Key: key, Before: []byte("1")}
			if rng.IntN(3) > 0 {
				c.After = []byte("2")
			}
			changes = append(changes, c)
		}
		sortChanges(changes)
		for i := 1; i < len(changes); i++ {
			x, y := changes[i-1], changes[i]
			if rx, ry := rank(x), rank(y); rx > ry || rx == ry && compareKeys(x.Key, y.Key) > 0 {
				t.Fatalf("trial %d: %s %s (after %v) sorted before %s %s (after %v)", trial, x.Entity, x.Key, x.After, y.Entity, y.Key, y.After)
			}
		}
	}
}

// diffByJSON is Diff as it was first written: every row of both encoded,
// the JSON compared. Diff must list the same changes.
func diffByJSON(before, after *Tournament) ([]Change, error) {
	b, err := before.entities()
	if err != nil {
		return nil, err
	}
	a, err := after.entities()
	if err != nil {
		return nil, err
	}
	var changes []Change
	for k, old := range b {
		if now, ok := a[k]; !ok {
			changes = append(changes, Change{Entity: k.entity, Key: k.key, Before: old})
		} else if !slices.Equal(old, now) {
			changes = append(changes, Change{Entity: k.entity, Key: k.key, Before: old, After: now})
		}
	}
	for k, now := range a {
		if _, ok := b[k]; !ok {
			changes = append(changes, Change{Entity: k.entity, Key: k.key, After: now})
		}
	}
	sortChanges(changes)
	return changes, nil
}

// TestDiffAsJSON: Diff, which encodes only the rows whose values differ,
// lists what comparing every row's JSON lists, for changes of every
// kind: a result set and replaced, a player added, edited, withdrawn,
// absent, a round added and removed, the settings changed.
func TestDiffAsJSON(t *testing.T) {
	base, err := NewTournament("diff", "Diff", "2026-11-23", "custom", 5)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		if _, err := base.AddPlayer(Player{Name: "Player " + strconv.Itoa(i+1), Rating: 1000 + i}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := base.AddRound(StageSwiss, []Pair{{Black: 1, White: 2}, {Black: 3, White: 4}, {Black: 5, White: 6}}, []int{7}); err != nil {
		t.Fatal(err)
	}
	res := &Result{Outcome: OutcomeNormal, BlackDiscs: 40, WhiteDiscs: 24}
	if _, err := base.SetResult(1, 1, res, ResultOptions{}); err != nil {
		t.Fatal(err)
	}
	changes := map[string]func(t *Tournament){
		"nothing": func(t *Tournament) {},
		"a result": func(t *Tournament) {
			t.Rounds[0].Games[1].Result = &Result{Outcome: OutcomeNormal, BlackDiscs: 33, WhiteDiscs: 31}
		},
		"a result replaced": func(t *Tournament) {
			res := *t.Rounds[0].Games[0].Result // shared with base (Clone): replaced, not changed
			res.BlackDiscs = 41
			t.Rounds[0].Games[0].Result = &res
		},
		"a result removed": func(t *Tournament) { t.Rounds[0].Games[0].Result = nil },
		"a board": func(t *Tournament) {
			res := *t.Rounds[0].Games[0].Result
			res.Board = &Discs{Black: 40, White: 24}
			t.Rounds[0].Games[0].Result = &res
		},
		"a player added":   func(t *Tournament) { t.Players = append(t.Players, Player{ID: 9, Name: "Player 9"}) },
		"a player edited":  func(t *Tournament) { t.Players[2].Rating = 1500 },
		"a withdrawal":     func(t *Tournament) { n := 1; t.Players[3].WithdrawnAfterRound = &n },
		"an absence":       func(t *Tournament) { t.Players[4].AbsentRounds = append(t.Players[4].AbsentRounds, 2) },
		"a player removed": func(t *Tournament) { t.Players = t.Players[:len(t.Players)-1] },
		"a round removed":  func(t *Tournament) { t.Rounds = nil },
		"a round added": func(t *Tournament) {
			t.Rounds = append(t.Rounds, Round{Number: 2, Stage: StageSwiss, Games: []Game{{Table: 1, Black: 2, White: 1}}, Byes: []int{3}})
		},
		"a bye removed":  func(t *Tournament) { t.Rounds[0].Byes = nil },
		"the name":       func(t *Tournament) { t.Name = "Diff 2" },
		"the settings":   func(t *Tournament) { t.Settings.Rounds = 7 },
		"a version only": func(t *Tournament) { t.Rounds[0].Games[2].Version++ },
	}
	for name, change := range changes {
		after := base.Clone()
		change(after)
		got, err := Diff(base, after)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := diffByJSON(base, after)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !slices.EqualFunc(got, want, func(a, b Change) bool {
			return a.Entity == b.Entity && a.Key == b.Key && string(a.Before) == string(b.Before) && string(a.After) == string(b.After)
		}) {
			t.Errorf("%s: Diff = %v, want %v", name, got, want)
		}
		if name != "nothing" && name != "a version only" && len(got) == 0 {
			t.Errorf("%s: no change listed", name)
		}
	}
}

// TestPlayersEqualSeesEveryField changes each field of a player in turn
// and checks that playersEqual sees it: a field added to Player and not
// to playersEqual fails here.
func TestPlayersEqualSeesEveryField(t *testing.T) {
	w := 2
	base := Player{ID: 1, Name: "A", Country: "GBR", WOFID: 3, Rating: 1500, Gender: "f", Born: "2000-01-01", Team: "T",
		Citizenship: "GBR", ResidentSince: "2010-01-01", Exemption: "x", WithdrawnAfterRound: &w, AbsentRounds: []int{3}}
	typ := reflect.TypeFor[Player]()
	for i := range typ.NumField() {
		changed := base
		f := reflect.ValueOf(&changed).Elem().Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString(f.String() + "+")
		case reflect.Int:
			f.SetInt(f.Int() + 1)
		case reflect.Bool:
			f.SetBool(!f.Bool())
		case reflect.Pointer:
			n := 7
			f.Set(reflect.ValueOf(&n))
		case reflect.Slice:
			f.Set(reflect.ValueOf([]int{4}))
		default:
			t.Fatalf("field %s: kind %s not covered by this test", typ.Field(i).Name, f.Kind())
		}
		if playersEqual(&base, &changed) {
			t.Errorf("playersEqual does not see a change of %s", typ.Field(i).Name)
		}
	}
	same := base
	same.AbsentRounds = slices.Clone(base.AbsentRounds)
	v := 2
	same.WithdrawnAfterRound = &v
	if !playersEqual(&base, &same) {
		t.Error("equal players, with their own copies of a pointer and a slice, are not equal")
	}
}
