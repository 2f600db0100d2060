package memo

import (
	"testing"

	"outflank"
)

func state(id, version int64) *State {
	return &State{ID: id, T: &outflank.Tournament{Version: version}}
}

// TestKeepAndEvict checks that a memo keeps the latest state of each
// tournament, never an older one over a newer, and forgets the one used
// least recently when full.
func TestKeepAndEvict(t *testing.T) {
	m := New(2)
	m.Keep("a", state(1, 3))
	m.Keep("a", state(1, 2)) // a reader that loaded before the write
	if s := m.Get("a"); s == nil || s.Version() != 3 {
		t.Fatalf("a = %+v, want version 3 kept", s)
	}
	m.Keep("a", state(7, 1)) // another tournament of that slug
	if s := m.Get("a"); s.ID != 7 {
		t.Fatalf("a = %+v, want the new row 7", s)
	}
	m.Keep("b", state(2, 1))
	m.Get("a") // b is now the least recently used
	m.Keep("c", state(3, 1))
	if m.Len() != 2 || m.Get("b") != nil || m.Get("a") == nil || m.Get("c") == nil {
		t.Fatalf("after c: len %d, b %v, a %v, c %v; want b forgotten", m.Len(), m.Get("b"), m.Get("a"), m.Get("c"))
	}
	m.Forget("a")
	if m.Get("a") != nil {
		t.Fatal("a not forgotten")
	}
}

// TestCatchUpRefusesWhatDoesNotLeadThere checks that a catch-up gives up
// (nil) when the events do not bring the state to the database's version
// and latest event, or are not after it.
func TestCatchUpRefusesWhatDoesNotLeadThere(t *testing.T) {
	tour, err := outflank.NewTournament("c", "C", "2026-11-27", "custom", 3)
	if err != nil {
		t.Fatal(err)
	}
	tour.Version = 1
	s := &State{ID: 1, Event: 1, T: tour, Versions: map[string]int{Key(outflank.EntityTournament, "c"): 1}}
	after := tour.Clone()
	if _, err := after.AddPlayer(outflank.Player{Name: "P"}); err != nil {
		t.Fatal(err)
	}
	changes, err := outflank.Diff(tour, after)
	if err != nil {
		t.Fatal(err)
	}
	events := []Logged{{ID: 2, Changes: changes}}
	for _, c := range []struct {
		name            string
		events          []Logged
		version, latest int64
		ok              bool
	}{
		{"one event", events, 2, 2, true},
		{"a version the events do not reach", events, 3, 2, false},
		{"a later event not read", events, 2, 3, false},
		{"an event already applied", []Logged{{ID: 1, Changes: changes}}, 2, 2, false},
		{"nothing new", nil, 1, 1, true},
	} {
		got, err := s.CatchUp(c.events, c.version, c.latest)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if (got != nil) != c.ok {
			t.Fatalf("%s: caught up %v, want %v", c.name, got != nil, c.ok)
		}
		if got != nil && c.events != nil && (len(got.T.Players) != 1 || got.Versions[Key(outflank.EntityPlayer, "1")] != 1) {
			t.Fatalf("%s: caught up to %+v", c.name, got)
		}
	}
	if len(s.T.Players) != 0 {
		t.Fatal("the kept state was changed")
	}
}
