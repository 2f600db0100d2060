package rating

import (
	"math"
	"testing"
)

// basisArchive: twelve players in a cycle at three tournaments; player 1
// beats 2, 3 and 4 besides at the spring one and loses to them at the
// winter one; 50, who wins every game, beats him at the winter one.
func basisArchive() []Tournament {
	ts := []Tournament{
		{Date: Date{2025, 1, 11}, Name: "Winter", File: "2025/20250111_W.ELO"},
		{Date: Date{2025, 4, 5}, Name: "Spring", File: "2025/20250405_S.ELO"},
		{Date: Date{2026, 1, 10}, Name: "Summer", File: "2026/20260110_X.ELO"},
	}
	for k := range ts {
		ts[k].Games = cycle(12, ts[k].Date)[0].Games
	}
	ts[0].Games = append(ts[0].Games, Game{A: 2, B: 1, Score: 2}, Game{A: 1, B: 3, Score: 0}, Game{A: 4, B: 1, Score: 2}, Game{A: 50, B: 1, Score: 2})
	ts[1].Games = append(ts[1].Games, Game{A: 1, B: 2, Score: 2}, Game{A: 3, B: 1, Score: 0}, Game{A: 1, B: 4, Score: 1})
	return ts
}

// TestBasisListsTheGamesBehindARating: every tournament of the player, the
// newest first, each game with its opponent, result and expected score;
// a game against an unrated player does not count; each tournament's change
// has the sign of his score against expectation, and the balance of all his
// counted games is his rating on the list.
func TestBasisListsTheGamesBehindARating(t *testing.T) {
	ts := basisArchive()
	l := mustCompute(t, ts, Options{AsOf: Date{2026, 2, 1}})
	b, ok := l.Basis(ts, 1)
	if !ok || !b.Rated || len(b.Events) != 3 {
		t.Fatalf("basis %+v, %v: want player 1 rated, 3 tournaments", b, ok)
	}
	for k, want := range []string{"Summer", "Spring", "Winter"} {
		if b.Events[k].Name != want {
			t.Errorf("event %d is %q, want %q (newest first)", k, b.Events[k].Name, want)
		}
	}
	winter, spring, summer := b.Events[2], b.Events[1], b.Events[0]
	if winter.Weight != 100 || spring.Weight != 100 || summer.Weight != 150 || winter.File != "2025/20250111_W.ELO" {
		t.Errorf("weights %v %v %v, file %q: want 100, 100, 150 (13 and 10 months, 1 month)", winter.Weight, spring.Weight, summer.Weight, winter.File)
	}
	if len(winter.Games) != 6 || winter.Counted != 5 {
		t.Fatalf("winter: %d games, %d counted; want 6 and 5 (50 is not rated)", len(winter.Games), winter.Counted)
	}
	last := winter.Games[5]
	if last.Opponent != 50 || last.Score != 0 || last.Counted {
		t.Errorf("the game against 50 %+v: want a loss that does not count", last)
	}
	if g := spring.Games[4]; g.Opponent != 4 || g.Score != 1 || !g.Counted || !near(g.Expected, Expected(b.Rating, g.OpponentRating), 1e-12) {
		t.Errorf("the draw with 4 at the spring tournament: %+v", g)
	}
	for _, e := range b.Events {
		if !e.HasChange || math.Signbit(e.Change) != math.Signbit(e.Score-e.Expected) || e.Change == 0 {
			t.Errorf("%s: score %.2f, expected %.2f, change %+.2f: want a change of the sign of score − expected", e.Name, e.Score, e.Expected, e.Change)
		}
	}
	if spring.Change <= 0 || winter.Change >= 0 {
		t.Errorf("spring (3 wins, a draw) changes %+.1f, winter (4 losses) %+.1f", spring.Change, winter.Change)
	}
	var ws, ys, rs []float64
	for _, e := range b.Events {
		for _, g := range e.Games {
			if g.Counted {
				ws, ys, rs = append(ws, e.Weight), append(ys, float64(g.Score)/2), append(rs, g.OpponentRating)
			}
		}
	}
	if r, ok := balance(ws, ys, rs, 0); !ok || !near(r, b.Rating, 0.01) {
		t.Errorf("the balance of his counted games is %.3f, his rating %.3f: they must agree", r, b.Rating)
	}

	// 50 won his one game: not rated, his game listed, nothing counted.
	b, ok = l.Basis(ts, 50)
	if !ok || b.Rated || len(b.Events) != 1 || b.Events[0].Counted != 0 || b.Events[0].HasChange || b.Events[0].Games[0].Score != 2 {
		t.Errorf("player 50: %+v, %v", b, ok)
	}
	if _, ok := l.Basis(ts, 99); ok {
		t.Error("player 99 played no game: want no basis")
	}
	// The list up to 2025: the summer tournament is not behind it.
	l = mustCompute(t, ts, Options{AsOf: Date{2025, 12, 1}})
	if b, _ := l.Basis(ts, 1); len(b.Events) != 2 {
		t.Errorf("the list to December 2025 rests on %d tournaments, want 2", len(b.Events))
	}
}

// TestBasisOnTheArchive: on the real list of May 2026, a player's basis
// counts the games that fixed his rating and his games in the window, as
// the list does.
func TestBasisOnTheArchive(t *testing.T) {
	if testing.Short() {
		t.Skip("computes the May 2026 list")
	}
	ts := archiveTournaments(t)
	l := mustCompute(t, ts, Options{AsOf: Date{2026, 5, 12}, Until: Date{2026, 5, 10}})
	for _, id := range []int{13841, 130038} {
		p, ok := l.Player(id)
		b, found := l.Basis(ts, id)
		if !ok || !found {
			t.Fatalf("player %d: rated %v, basis %v", id, ok, found)
		}
		counted, window := 0, 0
		for _, e := range b.Events {
			counted += e.Counted
			if Months(l.AsOf, e.Date) < ActiveMonths {
				window += len(e.Games)
			}
			if e.Name == "" || e.File == "" {
				t.Errorf("player %d: a tournament without a name or file: %+v", id, e)
			}
		}
		if counted != p.AllGames || window != p.Games {
			t.Errorf("player %d: basis counts %d games, %d in the window; the list %d and %d", id, counted, window, p.AllGames, p.Games)
		}
	}
}
