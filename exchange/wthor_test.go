package exchange

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"outflank/othello/wthor"
	"outflank/rules"
	"outflank/simulate"
)

// TestWriteWthor: a simulated event's games become a WTHOR game file that
// reads back through othello/wthor with the same moves; a finished game
// whose counted result is not the board's is written with the board's
// score and noted; a game without a transcript is skipped; names are fitted
// to their records.
func TestWriteWthor(t *testing.T) {
	tour, err := simulate.Event(simulate.Options{Rules: rules.BOFRegional, Players: 6, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	tour.Players[0].Name = "Łukasz Wojciechowski-Brzęczyszczykiewicz"
	first := tour.Rounds[0].Games[0].Result
	first.BlackDiscs, first.WhiteDiscs = first.BlackDiscs+1, first.WhiteDiscs-1
	tour.Rounds[0].Games[1].Result.Moves = ""
	w, err := WriteWthor(tour, time.Date(2026, 5, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, r := range tour.Rounds {
		games += len(r.Games)
	}
	if len(w.Games.Games) != games-1 || len(w.Skipped) != 1 || !strings.Contains(w.Skipped[0], "round 1 table 2") || len(w.Notes) != 1 || !strings.Contains(w.Notes[0], "round 1 table 1") {
		t.Fatalf("%d of %d games written, skipped %q, notes %q", len(w.Games.Games), games, w.Skipped, w.Notes)
	}
	if got := w.Players.Names[0]; got != "?ukasz Wojciechowsk" {
		t.Errorf("a long name outside Latin-1 is written %q", got)
	}
	var b bytes.Buffer
	if err := wthor.WriteGames(&b, w.Games); err != nil {
		t.Fatal(err)
	}
	back, err := wthor.ReadGames(&b)
	if err != nil {
		t.Fatal(err)
	}
	if r := wthor.Check(back.Games, 5); r.Mismatches != 0 || r.Illegal != 0 || r.Legal != games-1 {
		t.Errorf("check: %+v", r)
	}
	if back.CreationYear() != 2026 || back.BoardSize != 8 {
		t.Errorf("header %+v", back.Header)
	}
}
