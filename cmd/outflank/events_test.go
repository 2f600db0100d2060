package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"outflank"
	"outflank/exchange"
	"outflank/rules"
)

// importTournament writes tour as a tournament file and imports it, so a
// test can start from any state of an event without typing every result.
func (d *tdb) importTournament(tour *outflank.Tournament) {
	d.t.Helper()
	var b bytes.Buffer
	if err := exchange.WriteJSON(&b, tour); err != nil {
		d.t.Fatal(err)
	}
	d.ok("import", writeFile(d.t, tour.Slug+".json", b.String()))
}

// lowerIDWins scores every game 40-24 for the player with the lower id.
func lowerIDWins(_ *outflank.Round, g *outflank.Game) outflank.Discs {
	if g.White < g.Black {
		return outflank.Discs{Black: 24, White: 40}
	}
	return outflank.Discs{Black: 40, White: 24}
}

// playUntil pairs and plays tour (each game scored by score) until stop
// says the next pairing is the test's to make.
func playUntil(t *testing.T, tour *outflank.Tournament, score func(*outflank.Round, *outflank.Game) outflank.Discs, stop func(*outflank.Tournament) bool) {
	t.Helper()
	for guard := 0; !tour.Status().Done && !stop(tour); guard++ {
		if guard > 200 {
			t.Fatalf("the event does not end: %s", tour.Status().Text)
		}
		if _, err := tour.PairNext(outflank.PairOptions{Seed: uint64(guard)}); err != nil {
			t.Fatal(err)
		}
		for i := range tour.Rounds {
			for j := range tour.Rounds[i].Games {
				g := &tour.Rounds[i].Games[j]
				if g.Result != nil {
					continue
				}
				discs := score(&tour.Rounds[i], g)
				res, err := tour.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Score: &discs})
				if err != nil {
					t.Fatal(err)
				}
				g.Result = res
			}
		}
	}
}

// wocTwelve is a WOC of 12 players (a single round robin: WOC II.2 b),
// women 5-8, young players 9-12, in which the lower id always wins; it is
// played up to the end of the round robin.
func wocTwelve(t *testing.T) *outflank.Tournament {
	t.Helper()
	tour, err := outflank.NewTournament("woc", "WOC 2026", "2026-11-01", rules.WOC, 0)
	if err != nil {
		t.Fatal(err)
	}
	for id := 1; id <= 12; id++ {
		p := outflank.Player{ID: id, Name: fmt.Sprintf("Player %02d", id), Gender: "m", Born: "1990-01-01", Country: "FRA"}
		if id >= 5 && id <= 8 {
			p.Gender = "f"
		}
		if id >= 9 {
			p.Born = "2013-06-01"
		}
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	playUntil(t, tour, lowerIDWins, func(tour *outflank.Tournament) bool { return len(tour.Rounds) == 11 })
	return tour
}

var winnerPattern = regexp.MustCompile(`the winner is #(\d+) `)

// winnerOf reads the winner's id from a complete event's status.
func winnerOf(t *testing.T, status string) int {
	t.Helper()
	m := winnerPattern.FindStringSubmatch(status)
	if m == nil {
		t.Fatalf("status names no winner: %q", status)
	}
	id, _ := strconv.Atoi(m[1])
	return id
}
