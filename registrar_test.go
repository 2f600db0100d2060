package outflank

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"outflank/rules"
)

// TestFoldRune checks every rune: it folds to a case variant of itself, the
// same one as each of its variants, and that one folds to itself.
func TestFoldRune(t *testing.T) {
	for c := rune(0); c <= unicode.MaxRune; c++ {
		f := foldRune(c)
		if !strings.EqualFold(string(c), string(f)) || foldRune(f) != f {
			t.Fatalf("foldRune(%U) = %U", c, f)
		}
		for v := unicode.SimpleFold(c); v != c; v = unicode.SimpleFold(v) {
			if foldRune(v) != f {
				t.Fatalf("foldRune(%U) = %U but foldRune(%U) = %U", c, f, v, foldRune(v))
			}
		}
	}
}

// FuzzFoldName checks that names fold alike exactly when strings.EqualFold
// says they are equal: for two names, and for a name and a copy of it
// whose letters are changed to case variants.
func FuzzFoldName(f *testing.F) {
	for _, seed := range [][2]string{
		{"Anna Berg", "ANNA BERG"}, {"Kelvin", "\u212aelvin"}, {"straße", "STRASSE"}, {"ſ", "S"},
		{"\xff", "\xfe"}, {"\xff", "\ufffd"}, {"Σίσυφος", "ΣΊΣΥΦΟΣ"}, {"İ", "i"}, {"", " "}, {"ǅ", "ǆ"},
	} {
		f.Add(seed[0], seed[1], uint64(0))
	}
	f.Fuzz(func(t *testing.T, a, b string, flips uint64) {
		if got, want := foldName(a) == foldName(b), strings.EqualFold(a, b); got != want {
			t.Fatalf("foldName(%q) == foldName(%q) is %v; EqualFold says %v", a, b, got, want)
		}
		var variant strings.Builder
		for i, c := range a {
			if flips>>(i%64)&1 == 1 {
				c = unicode.SimpleFold(c)
			}
			variant.WriteRune(c)
		}
		if v := variant.String(); utf8.ValidString(a) && foldName(a) != foldName(v) {
			t.Fatalf("foldName(%q) = %q but foldName(%q) = %q", a, foldName(a), v, foldName(v))
		}
	})
}

// addPlayerByScan is AddPlayer as it was before the Registrar: it compares
// the new player with every player. The Registrar must agree with it.
func addPlayerByScan(t *Tournament, p Player) (*Player, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	for _, q := range t.Players {
		if p.WOFID != 0 && q.WOFID == p.WOFID {
			return nil, Errorf(ECONFLICT, "%s already has WOF player %d (#%d %s)", t.Slug, p.WOFID, q.ID, q.Name)
		}
		if strings.EqualFold(q.Name, p.Name) {
			return nil, Errorf(ECONFLICT, "%s already has a player named %q (#%d): add a distinguishing detail to the name", t.Slug, q.Name, q.ID)
		}
	}
	if p.ID < 0 {
		return nil, Errorf(EINVALID, "player id %d: ids are positive", p.ID)
	}
	for _, q := range t.Players {
		if q.ID == p.ID {
			return nil, Errorf(ECONFLICT, "player id %d is used twice", p.ID)
		}
	}
	if p.ID == 0 {
		p.ID = 1
		for _, q := range t.Players {
			p.ID = max(p.ID, q.ID+1)
		}
	}
	p.WithdrawnAfterRound = nil
	t.Players = append(t.Players, p)
	return &t.Players[len(t.Players)-1], nil
}

// TestRegistrarAgreesWithScan adds random players (names that differ in
// case only, shared WOF ids, ids given or not, bad fields) three ways: by
// the old scan, by AddPlayer and by one Registrar. Every result, error
// message and final list of players must be the same.
func TestRegistrarAgreesWithScan(t *testing.T) {
	names := []string{"Anna Berg", "ANNA BERG", "anna  berg", "Łukasz Ōta", "ŁUKASZ ŌTA", "\u212aim", "Kim", "kim", "", "Straße", "STRASSE"}
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		scan, one, bulk := newRegistrarTournament(t), newRegistrarTournament(t), newRegistrarTournament(t)
		reg := bulk.Registrar()
		for i := range 40 {
			p := Player{Name: names[rng.IntN(len(names))], WOFID: rng.IntN(6), Country: "JPN"}
			if rng.IntN(3) == 0 {
				p.Name = fmt.Sprintf("%s %d", p.Name, rng.IntN(10))
			}
			if rng.IntN(4) == 0 {
				p.ID = rng.IntN(30) - 1
			}
			if rng.IntN(20) == 0 {
				p.Country = "Japan"
			}
			want, wantErr := addPlayerByScan(scan, p)
			got, gotErr := one.AddPlayer(p)
			bulkGot, bulkErr := reg.Add(p)
			if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) || fmt.Sprint(wantErr) != fmt.Sprint(bulkErr) {
				t.Fatalf("trial %d, player %d %+v: errors %v / %v / %v", trial, i, p, wantErr, gotErr, bulkErr)
			}
			if want != nil && (!reflect.DeepEqual(*want, *got) || !reflect.DeepEqual(*want, *bulkGot)) {
				t.Fatalf("trial %d, player %d: added %+v / %+v / %+v", trial, i, *want, *got, *bulkGot)
			}
		}
		if !reflect.DeepEqual(scan.Players, one.Players) || !reflect.DeepEqual(scan.Players, bulk.Players) {
			t.Fatalf("trial %d: players differ", trial)
		}
	}
}

func newRegistrarTournament(tb testing.TB) *Tournament {
	tb.Helper()
	t, err := NewTournament("reg", "Registrar Open", "", rules.Custom, 5)
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

// TestAddPlayersAllOrNothing: a refused player leaves the tournament as it
// was, and the error names the player by position.
func TestAddPlayersAllOrNothing(t *testing.T) {
	tour := newRegistrarTournament(t)
	if _, err := tour.AddPlayer(Player{Name: "Berg, Anna", WOFID: 7}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		players []Player
		want    string
	}{
		{[]Player{{Name: "A"}, {Name: "B"}, {Name: "a"}}, `player 3 (a): reg already has a player named "A" (#2): add a distinguishing detail to the name`},
		{[]Player{{Name: "A"}, {Name: "  berg,   ANNA "}}, `player 2 (  berg,   ANNA ): reg already has a player named "Berg, Anna" (#1): add a distinguishing detail to the name`},
		{[]Player{{Name: "A", WOFID: 7}}, "player 1 (A): reg already has WOF player 7 (#1 Berg, Anna)"},
		{[]Player{{Name: "A", ID: 3}, {Name: "B", ID: 3}}, "player 2 (B): player id 3 is used twice"},
		{[]Player{{Name: "A"}, {Name: ""}}, "player 2 (): a player needs a name"},
	} {
		err := tour.AddPlayers(tc.players)
		if err == nil || ErrorMessage(err) != tc.want {
			t.Errorf("AddPlayers(%v) = %v, want %q", tc.players, err, tc.want)
		}
		if len(tour.Players) != 1 {
			t.Fatalf("after a refused AddPlayers, %d players", len(tour.Players))
		}
	}
	if err := tour.AddPlayers([]Player{{Name: "A"}, {Name: "B", ID: 10}, {Name: "C"}}); err != nil {
		t.Fatal(err)
	}
	if ids := []int{tour.Players[1].ID, tour.Players[2].ID, tour.Players[3].ID}; !reflect.DeepEqual(ids, []int{2, 10, 11}) {
		t.Errorf("ids %v, want 2 10 11", ids)
	}
}

// TestRegistrarNoticesOtherAdds: a player added by AddPlayer while a
// Registrar is in use still counts.
func TestRegistrarNoticesOtherAdds(t *testing.T) {
	tour := newRegistrarTournament(t)
	reg := tour.Registrar()
	if _, err := tour.AddPlayer(Player{Name: "A"}); err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Add(Player{Name: "a"}); err == nil {
		t.Fatal("the Registrar missed a player added by AddPlayer")
	}
	if p, err := reg.Add(Player{Name: "B"}); err != nil || p.ID != 2 {
		t.Fatalf("Add = %v, %v; want id 2", p, err)
	}
}

// TestLookupsFastAndSlow: Player and Game find ids and tables in order at
// once, and any others by looking.
func TestLookupsFastAndSlow(t *testing.T) {
	tour := newRegistrarTournament(t)
	if err := tour.AddPlayers([]Player{{Name: "A", ID: 5}, {Name: "B", ID: 2}, {Name: "C", ID: 1}, {Name: "D"}}); err != nil {
		t.Fatal(err)
	}
	for _, id := range []int{5, 2, 1, 6} {
		if p, ok := tour.Player(id); !ok || p.ID != id {
			t.Errorf("Player(%d) = %v, %v", id, p, ok)
		}
	}
	for _, id := range []int{0, 3, 4, 7, -1} {
		if p, ok := tour.Player(id); ok {
			t.Errorf("Player(%d) = %v", id, p)
		}
	}
	if _, err := tour.AddRound(StageSwiss, []Pair{{5, 2}, {1, 6}}, nil); err != nil {
		t.Fatal(err)
	}
	r := &tour.Rounds[0]
	r.Games[0].Table, r.Games[1].Table = 2, 1 // out of order
	for _, table := range []int{1, 2} {
		if g, err := tour.Game(1, table); err != nil || g.Table != table {
			t.Errorf("Game(1, %d) = %v, %v", table, g, err)
		}
	}
	if _, err := tour.Game(1, 3); err == nil {
		t.Error("Game(1, 3) found a game")
	}
}
