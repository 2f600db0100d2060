package outflank_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
	"outflank/simulate"
)

// brackets are field sizes on both sides of every boundary of every
// ruleset's format (WOC II.2; EGP II.2; AOF 1.2; BOF Regionals 1: a round
// robin up to 8 players; BOF National 3; custom: seven rounds).
var brackets = map[rules.ID][]int{
	rules.WOC:         {4, 8, 9, 14, 15, 24, 25, 31},
	rules.EGP:         {3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 21},
	rules.AOF:         {5, 6, 7, 11, 12, 17},
	rules.BOFRegional: {4, 5, 8, 9, 13, 22},
	rules.BOFNational: {6, 10, 19},
	rules.Custom:      {6, 8, 9, 16},
}

var winnerIs = regexp.MustCompile(`the winner is #(\d+) `)

// TestListsOfCompleteEvents plays complete events of every ruleset at every
// field-size bracket, several seeds each, and checks that the lists obey
// the ruleset: WOC II.3.2's playoffs only at a WOC, players declared equal
// only where WOC II.3.3 c and EGP II.3 declare them (after the top four),
// never where the ruleset breaks every tie (AOF 4.1 and Appendix B §4; BOF
// Regionals 5, National 10), and that the list and status agree on the
// winner.
func TestListsOfCompleteEvents(t *testing.T) {
	for id, sizes := range brackets {
		for _, n := range sizes {
			for seed := uint64(1); seed <= 6; seed++ {
				t.Run(fmt.Sprintf("%s-%d-seed%d", id, n, seed), func(t *testing.T) {
					tour, err := simulate.Event(simulate.Options{Rules: id, Players: n, Seed: seed})
					if err != nil {
						t.Fatal(err)
					}
					checkCompleteLists(t, tour)
				})
			}
		}
	}
}

func checkCompleteLists(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	status := tour.Status()
	if !status.Done {
		t.Fatalf("not complete: %s", status.Text)
	}
	lists := tour.IFRL(0)
	if tour.Rules != rules.WOC && len(lists.Playoffs)+len(lists.Pending) > 0 {
		t.Errorf("%s: WOC II.3.2 playoffs %v, pending %v", tour.Rules, lists.Playoffs, lists.Pending)
	}
	if len(lists.Pending) > 0 || lists.Final == nil {
		t.Fatalf("complete, yet the final list waits for %d playoffs", len(lists.Pending))
	}
	declares := tour.Rules == rules.WOC || tour.Rules == rules.EGP
	for _, r := range lists.Final {
		if r.Equal && (!declares || r.Rank <= 4) {
			t.Errorf("%s: rank %d (player %d) declared equal: %+v", tour.Rules, r.Rank, r.Player, lists.Final)
			break
		}
	}
	m := winnerIs.FindStringSubmatch(status.Text)
	if m == nil {
		t.Fatalf("status names no winner: %s", status.Text)
	}
	winner, _ := strconv.Atoi(m[1])
	if order := tour.FinalOrder(); len(order) != len(tour.Players) || order[0] != winner {
		t.Errorf("the order of finish %v does not start with the winner #%d status names", order, winner)
	}
}

// TestStatusAndListsAgreeStepByStep plays events of every ruleset and
// bracket one change at a time (a pairing, or one result; about one game
// in seven drawn, so one-game matches need the choice of colour or
// draw-win) and checks after each change that status and the lists tell
// the same story: a round in play is one the list leaves out, playoffs
// only at a WOC and only when status asks for them, and the event is
// complete exactly when its order of finish is.
func TestStatusAndListsAgreeStepByStep(t *testing.T) {
	for id, sizes := range brackets {
		for _, n := range sizes {
			for seed := uint64(1); seed <= 3; seed++ {
				t.Run(fmt.Sprintf("%s-%d-seed%d", id, n, seed), func(t *testing.T) {
					rng := rand.New(rand.NewPCG(seed, uint64(n)))
					tour := field(t, id, n, rng)
					for step := 0; ; step++ {
						checkAgreement(t, tour)
						if tour.Status().Done || t.Failed() {
							break
						}
						if step > 2000 {
							t.Fatalf("the event does not end: %s", tour.Status().Text)
						}
						if !enterOneResult(t, tour, rng) {
							if _, err := tour.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
								t.Fatalf("pairing round %d: %v\nstatus: %s", len(tour.Rounds)+1, err, tour.Status().Text)
							}
						}
					}
					checkCompleteLists(t, tour)
				})
			}
		}
	}
}

// field registers n players, about a third of them women and a sixth
// young players (WOC II.5-6).
func field(t *testing.T, id rules.ID, n int, rng *rand.Rand) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("steps", "Steps", "2026-08-01", id, 0)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.DrawSeed = rng.Uint64()
	for i := 1; i <= n; i++ {
		p := outflank.Player{Name: fmt.Sprintf("Player %02d", i), Gender: "m", Born: "1990-01-01", Rating: 2000 - 10*i}
		if rng.IntN(3) == 0 {
			p.Gender = "f"
		}
		if rng.IntN(6) == 0 {
			p.Born = "2013-01-01"
		}
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	return tour
}

// enterOneResult enters a random result for the first game without one,
// and reports whether there was one. A draw refused for want of the
// choice of colour or draw-win must be in a knockout game; the choice is
// then recorded and the draw entered again.
func enterOneResult(t *testing.T, tour *outflank.Tournament, rng *rand.Rand) bool {
	t.Helper()
	for _, r := range tour.Rounds {
		for _, g := range r.Games {
			if g.Result != nil {
				continue
			}
			b := 20 + rng.IntN(25)
			if rng.IntN(7) == 0 {
				b = 32
			}
			res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &outflank.Discs{Black: b, White: 64 - b}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = tour.SetResult(r.Number, g.Table, res, outflank.ResultOptions{})
			if err == nil {
				return true
			}
			if b != 32 || r.Stage == outflank.StageSwiss || r.Stage == outflank.StageRoundRobin || !strings.Contains(outflank.ErrorMessage(err), "--choice") {
				t.Fatalf("round %d (%s) table %d, %d-%d refused: %v", r.Number, r.Stage, g.Table, b, 64-b, err)
			}
			choice := outflank.ChoseDrawWin
			if rng.IntN(2) == 0 {
				choice = outflank.ChoseBlack // the chooser's colour, if he is black...
				if _, err := tour.RecordChoice(r.Number, g.Table, choice); err != nil {
					choice = outflank.ChoseWhite // ...else white
				}
			}
			if _, err := tour.RecordChoice(r.Number, g.Table, choice); err != nil {
				t.Fatalf("round %d table %d: recording %s: %v", r.Number, g.Table, choice, err)
			}
			stored, err := tour.SetResult(r.Number, g.Table, res, outflank.ResultOptions{})
			if err != nil {
				t.Fatalf("round %d table %d: the draw with the choice recorded: %v", r.Number, g.Table, err)
			}
			if stored.Result.Outcome != outflank.OutcomeDrawWin {
				t.Fatalf("round %d table %d: a drawn one-game match stored as %s", r.Number, g.Table, stored.Result.Summary())
			}
			return true
		}
	}
	return false
}

// checkAgreement checks that status, the list and the order of finish
// agree at this point of the event.
func checkAgreement(t *testing.T, tour *outflank.Tournament) {
	t.Helper()
	st := tour.Status()
	progress := tour.Progress()
	lists := tour.IFRL(0)
	finish := tour.OrderOfFinish(rules.TitleIndividual)
	if st.Done != finish.Complete {
		t.Fatalf("status done %v, order of finish complete %v: %s", st.Done, finish.Complete, st.Text)
	}
	if inPlay := strings.HasPrefix(st.Headline, "enter the results of round"); inPlay != (len(progress.InPlay) > 0) {
		t.Fatalf("rounds in play %v, status says %q", progress.InPlay, st.Headline)
	}
	if tour.Rules != rules.WOC && len(lists.Playoffs) > 0 {
		t.Fatalf("%s: WOC II.3.2 playoffs %v", tour.Rules, lists.Playoffs)
	}
	if asks := strings.Contains(st.Text, "playoff"); asks != (len(lists.Pending) > 0) {
		t.Fatalf("pending playoffs %v, status: %s", lists.Pending, st.Text)
	}
	declares := tour.Plan().DeclareEqual
	for _, p := range finish.Places {
		if p.Equal && (!declares || p.Place <= 4) {
			t.Fatalf("%s: place %d (player %d) declared equal", tour.Rules, p.Place, p.Player)
		}
	}
	if len(finish.Places) != len(tour.Players) {
		t.Fatalf("%d places for %d players", len(finish.Places), len(tour.Players))
	}
}
