package circuit

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// ranking builds a tournament's entries from game points in ranking
// order: the first is 1st, and so on; keys are p1, p2, ...
func ranking(gamePoints ...float64) []Entry {
	es := make([]Entry, len(gamePoints))
	for i, g := range gamePoints {
		es[i] = Entry{Key: fmt.Sprintf("p%d", i+1), Position: i + 1, GamePoints: g}
	}
	return es
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func checkPoints(t *testing.T, got []Result, want []float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for i := range want {
		if !near(got[i].Points, want[i]) {
			t.Errorf("place %d: %v points, want %v", i+1, got[i].Points, want[i])
		}
	}
}

func TestEGPPoints(t *testing.T) {
	tests := []struct {
		name string
		gp   []float64
		want []float64
	}{
		{"I.2.5 places 1-10, none below 10th", []float64{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
			[]float64{200, 140, 90, 60, 40, 30, 20, 15, 10, 5, 0, 0}},
		{"I.2.5 tie above 5th not shared", []float64{9, 8, 7, 7, 6, 5}, []float64{200, 140, 90, 60, 40, 30}},
		{"I.2.5 tie across 4th/5th: 4th keeps 60, 5th-6th share", []float64{9, 8, 7, 6, 6, 6, 5}, []float64{200, 140, 90, 60, 35, 35, 20}},
		{"I.2.5 tie at 5th-6th averaged", []float64{9, 8, 7, 6, 5, 5, 4}, []float64{200, 140, 90, 60, 35, 35, 20}},
		{"I.2.5 three tied 6th-8th share thirds", []float64{9, 8, 7, 6, 5, 4, 4, 4, 3}, []float64{200, 140, 90, 60, 40, 65.0 / 3, 65.0 / 3, 65.0 / 3, 10}},
		{"I.2.5 shared 9th-10th", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 0}, []float64{200, 140, 90, 60, 40, 30, 20, 15, 7.5, 7.5, 0}},
		{"I.2.5 shared 10th-11th: below 10th counts 0 in the average", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0}, []float64{200, 140, 90, 60, 40, 30, 20, 15, 10, 2.5, 2.5}},
		{"I.2.5 shared 10th-12th", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0}, []float64{200, 140, 90, 60, 40, 30, 20, 15, 10, 5.0 / 3, 5.0 / 3, 5.0 / 3}},
		{"I.2.5 half points are tournament points", []float64{5, 4.5, 4.5, 4, 3.5, 3.5}, []float64{200, 140, 90, 60, 35, 35}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, rs := egpPoints(ranking(tt.gp...))
			checkPoints(t, rs, tt.want)
		})
	}
}

func TestBOFPoints(t *testing.T) {
	tests := []struct {
		name string
		gp   []float64
		want []float64
	}{
		{"GP 4-5 places 1-9 then 5 for 10th and on", []float64{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
			[]float64{200, 160, 120, 100, 80, 60, 40, 20, 10, 5, 5, 5}},
		{"GP 3 tie for 1st shared", []float64{5, 5, 4}, []float64{180, 180, 120}},
		{"GP 3 three tied 2nd-4th: 126.67 rounded up", []float64{5, 4, 4, 4, 3}, []float64{200, 127, 127, 127, 80}},
		{"GP 3 tie 9th-10th: 7.5 rounded up", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1, 1}, []float64{200, 160, 120, 100, 80, 60, 40, 20, 8, 8}},
		{"GP 3 tie 8th-10th: 35/3 rounded up", []float64{9, 8, 7, 6, 5, 4, 3, 1, 1, 1}, []float64{200, 160, 120, 100, 80, 60, 40, 12, 12, 12}},
		{"GP 3 whole shares stay", []float64{3, 2, 2}, []float64{200, 140, 140}},
		{"GP 3 tie 10th and on: 5 each", []float64{9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0}, []float64{200, 160, 120, 100, 80, 60, 40, 20, 10, 5, 5, 5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, rs := bofPoints(ranking(tt.gp...))
			checkPoints(t, rs, tt.want)
		})
	}
}

func TestBOFGP3PositionByGamePointsOnly(t *testing.T) {
	// The tournament ranked b above a on tie-breaks; the GP does not.
	es := []Entry{{Key: "b", Position: 1, GamePoints: 5}, {Key: "a", Position: 2, GamePoints: 5}, {Key: "c", Position: 3, GamePoints: 6}}
	keys, rs := bofPoints(es)
	got := map[string]Result{}
	for i, k := range keys {
		got[k] = rs[i]
	}
	if got["c"].Points != 200 || got["c"].Position != 1 || got["a"].Points != 140 || got["b"].Points != 140 || got["a"].Position != 2 {
		t.Errorf("got %+v", got)
	}
}

// players builds the standings of players given as "key:p,p,p" (each
// p a tournament's points), ranked under rules.
func players(rules Rules, winner string, spec ...string) []Standing {
	var list []Standing
	for _, sp := range spec {
		key, pts, _ := strings.Cut(sp, ":")
		var rs []Result
		for i, f := range strings.Split(pts, ",") {
			var p float64
			fmt.Sscan(f, &p)
			rs = append(rs, Result{Tournament: i, Points: p})
		}
		list = append(list, total(rules, key, rs))
	}
	if rules == EGP {
		rankEGP(list)
	} else {
		rankBOF(list, winner)
	}
	return list
}

// line renders the standings as "rank[=] key points" lines.
func line(st []Standing) string {
	var b strings.Builder
	for _, s := range st {
		eq := ""
		if s.Equal {
			eq = "="
		}
		fmt.Fprintf(&b, "%d%s %s %g", s.Rank, eq, s.Key, s.Points)
		if s.Undecided {
			b.WriteString(" undecided")
		}
		if s.Decided {
			b.WriteString(" decided")
		}
		b.WriteString("; ")
	}
	return strings.TrimSuffix(b.String(), "; ")
}

func TestRanking(t *testing.T) {
	tests := []struct {
		name   string
		rules  Rules
		winner string
		spec   []string
		want   string
	}{
		{"EGP I.2.5 only the best 4 count", EGP, "", []string{"a:200,200,200,200,200", "b:140,140,140,140,140"}, "1 a 800; 2 b 560"},
		{"EGP I.2.5 tie on best 4 broken by best 5", EGP, "", []string{"b:200,200,60,60,30", "a:200,200,60,60,40"}, "1 a 520; 2 b 520"},
		{"EGP I.2.5 tie broken by best 6", EGP, "", []string{"b:90,90,90,90,10,5", "a:90,90,90,90,10,7.5"}, "1 a 360; 2 b 360"},
		{"EGP I.2.5 tie broken by best 7", EGP, "", []string{"b:90,90,90,90,10,5,2.5", "a:90,90,90,90,10,5,5"}, "1 a 360; 2 b 360"},
		{"EGP I.2.5 tie broken by the number of tournaments (more ranks higher)", EGP, "", []string{"b:90,90,90,90,10,5,5", "a:90,90,90,90,10,5,5,0"}, "1 a 360; 2 b 360"},
		{"EGP I.2.5 still tied: shown equal", EGP, "", []string{"a:200,140", "b:140,200", "c:60"}, "1= a 340; 1= b 340; 3 c 60"},
		{"EGP I.2.5 equal in the middle, one fewer tournament below", EGP, "", []string{"a:200", "b:60,30", "c:90", "d:30,60", "e:5"}, "1 a 200; 2= b 90; 2= d 90; 4 c 90; 5 e 5"},
		{"EGP I.2.5 fractional averages compare equal", EGP, "", []string{"a:21.666666666666668,21.666666666666668,21.666666666666668", "b:65,0,0"}, "1= a 65; 1= b 65"},
		{"BOF GP 2 all results count", BOFGP, "", []string{"a:200,200,200,200,200,200", "b:160,160,160,160,160,160"}, "1 a 1200; 2 b 960"},
		{"BOF GP 6 winner tie broken by best tournament", BOFGP, "", []string{"b:160,160", "a:200,120"}, "1 a 320; 2 b 320"},
		{"BOF GP 6 winner tie broken by second best", BOFGP, "", []string{"b:200,100,100", "a:200,120,80"}, "1 a 400; 2 b 400"},
		{"BOF GP 6 more tournaments win when the rest is equal", BOFGP, "", []string{"b:200,100", "a:200,95,5"}, "1 b 300; 2 a 300"},
		{"BOF GP 6 still tied, no decision: equal and undecided", BOFGP, "", []string{"a:200,100", "b:100,200", "c:5"}, "1= a 300 undecided; 1= b 300 undecided; 3 c 5"},
		{"BOF GP 6 still tied, decision recorded", BOFGP, "b", []string{"a:200,100", "b:100,200", "c:5"}, "1 b 300 decided; 2 a 300; 3 c 5"},
		{"BOF GP 6 three on equal points, decision: the other two share 2nd", BOFGP, "a", []string{"a:200,100", "b:100,200", "c:150,150", "d:5"}, "1 a 300 decided; 2= b 300; 2= c 300; 4 d 5"},
		{"BOF GP 6 decision for a player not tied for first is ignored", BOFGP, "c", []string{"a:200,100", "b:100,200", "c:5"}, "1= a 300 undecided; 1= b 300 undecided; 3 c 5"},
		{"BOF GP 6 decision not needed is ignored", BOFGP, "b", []string{"a:200,120", "b:160,160"}, "1 a 320; 2 b 320"},
		{"BOF GP 6 only the winner's tie is broken", BOFGP, "", []string{"a:400", "b:200,100", "c:100,200", "d:150,150"}, "1 a 400; 2= b 300; 2= c 300; 2= d 300"},
		{"BOF GP 6 loser of the winner's tie-break ranks 2nd, equal with a third", BOFGP, "", []string{"a:200,120", "b:160,160", "c:200,120"}, "1= a 320 undecided; 1= c 320 undecided; 3 b 320"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := line(players(tt.rules, tt.winner, tt.spec...)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

func TestEGPCountedMarksBestFour(t *testing.T) {
	st := players(EGP, "", "a:5,200,60,90,140,40")
	var counted []float64
	for _, r := range st[0].Results {
		if r.Counted {
			counted = append(counted, r.Points)
		}
	}
	if fmt.Sprint(counted) != "[200 140 90 60]" || st[0].Points != 490 {
		t.Errorf("counted %v, total %v", counted, st[0].Points)
	}
}

func TestCompute(t *testing.T) {
	ts := []Tournament{
		{Name: "A", Entries: ranking(7, 6, 5, 4, 3, 3, 1)},
		{Name: "B", Entries: []Entry{{Key: "p2", Position: 1, GamePoints: 5}, {Key: "p1", Position: 2, GamePoints: 4}, {Key: "p9", Position: 3, GamePoints: 1}}},
	}
	st, err := Compute(EGP, ts, "")
	if err != nil {
		t.Fatal(err)
	}
	// p1: 200+140; p2: 140+200; p5/p6 35 each; p9 90; p3 90; p4 60; p7 20.
	want := "1= p1 340; 1= p2 340; 3= p3 90; 3= p9 90; 5 p4 60; 6= p5 35; 6= p6 35; 8 p7 20"
	if got := line(st); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if st[0].Results[0].Tournament != 0 || st[0].Results[1].Position != 2 {
		t.Errorf("p1's results %+v", st[0].Results)
	}
	st, err = Compute(BOFGP, ts, "")
	if err != nil {
		t.Fatal(err)
	}
	// p1: 200+160, p2: 160+200: equal on best and second best (GP 6).
	want = "1= p1 360 undecided; 1= p2 360 undecided; 3= p3 120; 3= p9 120; 5 p4 100; 6= p5 70; 6= p6 70; 8 p7 40"
	if got := line(st); got != want {
		t.Errorf("BOF got  %s\nwant %s", got, want)
	}
}

func TestComputeRefusesAPlayerTwiceInATournament(t *testing.T) {
	ts := []Tournament{{Name: "A", Entries: []Entry{{Key: "a", Position: 1, GamePoints: 2}, {Key: "a", Position: 2, GamePoints: 1}}}}
	if _, err := Compute(EGP, ts, ""); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("err = %v", err)
	}
	if _, err := Compute("x", ts, ""); err == nil {
		t.Error("unknown rules accepted")
	}
}

func TestComputeEmpty(t *testing.T) {
	for _, r := range []Rules{EGP, BOFGP} {
		if st, err := Compute(r, nil, "x"); err != nil || len(st) != 0 {
			t.Errorf("%s: %v %v", r, st, err)
		}
		if st, err := Compute(r, []Tournament{{Name: "empty"}}, ""); err != nil || len(st) != 0 {
			t.Errorf("%s, a tournament without players: %v %v", r, st, err)
		}
	}
}
