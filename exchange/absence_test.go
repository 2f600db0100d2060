package exchange

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestAbsenceRoundTrip: absent rounds, the absence setting and the .ELO
// header settings go into the tournament file under new fields and come
// back as they were; an absence the rules refuse is refused on import too.
func TestAbsenceRoundTrip(t *testing.T) {
	tour, err := outflank.NewTournament("absent", "Absent Regional", "2026-03-13", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.ELOSender, tour.Settings.ELOCountry = "Geoff Hubbard", "Great-Britain"
	for _, name := range []string{"ANDERSON, Ann", "BROWN, Ben", "CLARK, Chen", "DAVIS, Dan"} {
		if _, err := tour.AddPlayer(outflank.Player{Name: name}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, []int{3}); err != nil {
		t.Fatal(err)
	}
	// Player 4 missed round 1 (a late arrival) and will miss round 3;
	// player 3 withdraws after round 1.
	if err := tour.MarkAbsent(4, []int{1, 3}); err != nil {
		t.Fatal(err)
	}
	if err := tour.Withdraw(3, 1); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, tour); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"absent_rounds": [`, `"elo_sender": "Geoff Hubbard"`, `"elo_country": "Great-Britain"`} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the file lacks %s", want)
		}
	}
	back, err := ReadJSON(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Settings != tour.Settings || !reflect.DeepEqual(back.Players, tour.Players) {
		t.Errorf("came back as %+v %+v; want %+v %+v", back.Settings, back.Players, tour.Settings, tour.Players)
	}
	// The same file under WOC rules: no re-entry (WOC II.8).
	woc := strings.Replace(b.String(), `"rules": "bof-regional"`, `"rules": "woc"`, 1)
	woc = strings.Replace(woc, `"time_default": "bof"`, `"time_default": "woc"`, 1)
	if _, err := ReadJSON(strings.NewReader(woc)); err == nil || !strings.Contains(err.Error(), "WOC II.8") {
		t.Errorf("an absence under WOC rules: %v", err)
	}
	// An old file, without the new fields, reads as before.
	old := `{"format": "outflank/1", "name": "Old", "slug": "old", "rules": "bof-regional", "settings": {"rounds": 5},
		"players": [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}]}`
	got, err := ReadJSON(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	if s := got.Settings; s.Absence != "" || s.ELOSender != "" || s.ELOCountry != "" || got.Players[0].AbsentRounds != nil {
		t.Errorf("an old file read as %+v %+v", s, got.Players)
	}
}
