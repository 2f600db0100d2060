package outflank

import (
	"strings"
	"testing"

	"outflank/rules"
)

// TestUndoLatest: nothing to undo (no event, or only the creation), an
// expect that is no longer the latest (naming who made the latest), and
// an undo that restores the state before the event.
func TestUndoLatest(t *testing.T) {
	before, err := NewTournament("u", "U", "2026-01-01", rules.Custom, 3)
	if err != nil {
		t.Fatal(err)
	}
	after := before.Clone()
	if _, err := after.AddPlayer(Player{Name: "Ann"}); err != nil {
		t.Fatal(err)
	}
	changes, err := Diff(before, after)
	if err != nil {
		t.Fatal(err)
	}
	added := &Event{ID: 7, Kind: KindPlayer, Summary: "added player #1 Ann", Changes: changes}
	for _, c := range []struct {
		name   string
		last   *Event
		expect int64
		want   string
	}{
		{"no event", nil, 0, "nothing to undo in u"},
		{"only the creation", &Event{ID: 1, Kind: KindCreate}, 0, "nothing to undo in u"},
		{"expect not the latest", added, 6, "now #7 (" + KindPlayer + ": added player #1 Ann, by an unrecorded actor), not #6"},
	} {
		if _, err := UndoLatest(after, c.last, c.expect); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	u, err := UndoLatest(after, added, 7)
	if err != nil || len(u.After.Players) != 0 || u.Summary != "undid #7 ("+KindPlayer+": added player #1 Ann)" {
		t.Errorf("the undo: %+v, %v", u, err)
	}
}
