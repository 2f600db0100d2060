package outflank

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"sync"
)

// Seal marks t as a state that is never changed again, so that what is
// worked out from it is worked out once and shared by everyone who reads
// it: its individual lists (IFRL), which a 5,000-player event takes
// milliseconds to draw up and every page of the event asks for. A store
// seals the states it keeps in memory (internal/memo), which it serves to
// every reader without copying them.
//
// Changing a sealed tournament is a bug: its lists would not follow.
// Clone's copy is not sealed. Patch's copy of a sealed tournament is, and
// it keeps the lists its changes cannot have changed: a result of the
// round in play leaves the lists after the last complete round as they
// were.
func (t *Tournament) Seal() {
	if t.derived == nil {
		t.derived = &derived{lists: map[int]*listsEntry{}}
	}
}

// Sealed reports whether t is sealed.
func (t *Tournament) Sealed() bool { return t.derived != nil }

// derived is what a sealed tournament has worked out: its lists after
// each round asked for (IFRL's afterRound, resolved), each drawn up once.
type derived struct {
	mu    sync.Mutex
	lists map[int]*listsEntry
}

// listsEntry is the lists after one round, being drawn up (done open) or
// drawn up.
type listsEntry struct {
	done chan struct{}
	l    Lists
}

// ifrl returns the lists after round after (resolved: > 0, or 0 before any
// round is complete), drawn up by draw the first time they are asked for.
// Each caller gets its own copy of the rows.
func (d *derived) ifrl(after int, draw func() Lists) Lists {
	d.mu.Lock()
	e := d.lists[after]
	if e == nil {
		e = &listsEntry{done: make(chan struct{})}
		d.lists[after] = e
		d.mu.Unlock()
		func() {
			defer close(e.done) // a panic leaves empty lists, never a wait
			e.l = draw()
		}()
	} else {
		d.mu.Unlock()
		<-e.done
	}
	return e.l.clone()
}

// clone copies l's slices, which its reader may change.
func (l Lists) clone() Lists {
	l.Provisional, l.Playoffs, l.Pending, l.Final = slices.Clone(l.Provisional), slices.Clone(l.Playoffs), slices.Clone(l.Pending), slices.Clone(l.Final)
	return l
}

// carry is what after, the sealed tournament before patched with changes,
// inherits from d: the lists drawn up that no change can have changed.
func (d *derived) carry(before, after *Tournament, changes []Change) *derived {
	next := &derived{lists: map[int]*listsEntry{}}
	d.mu.Lock()
	entries := maps.Clone(d.lists)
	d.mu.Unlock()
	for round, e := range entries {
		select {
		case <-e.done:
		default:
			continue // being drawn up: drawn up again if asked for
		}
		if !slices.ContainsFunc(changes, func(ch Change) bool { return changesLists(before, after, ch, round) }) {
			next.lists[round] = e
		}
	}
	return next
}

// changesLists reports whether ch, which made after from before, can
// change the lists after round after (IFRL): all it cannot change is a
// round later than that (and than round 1, whose field sets the plan)
// which counts for the lists on both sides: its games, byes and header.
// The lists after a round count only the rounds up to it (standingsInput),
// and the plan, settings, players and knockout rounds (playoffs, WOC
// II.3.2), which any other change may change.
func changesLists(before, after *Tournament, ch Change, round int) bool {
	switch ch.Entity {
	case EntityRound, EntityGame, EntityBye:
	default:
		return true
	}
	n, _, err := KeyNumbers(ch.Key)
	if err != nil || n <= max(round, 1) {
		return true
	}
	for _, t := range []*Tournament{before, after} {
		if r, ok := t.Round(n); ok && !r.counts() {
			return true
		}
	}
	return false
}

// CheckLists compares the lists sealed t has drawn up, or inherited from
// the states before it (Patch), with those drawn up anew from fresh, the
// same tournament read in full, and returns an error naming the first
// that differs. A store's verification of the states it keeps calls it
// (internal/memo, OUTFLANK_VERIFY_MEMO).
func (t *Tournament) CheckLists(fresh *Tournament) error {
	if t.derived == nil {
		return nil
	}
	t.derived.mu.Lock()
	entries := maps.Clone(t.derived.lists)
	t.derived.mu.Unlock()
	for _, round := range slices.Sorted(maps.Keys(entries)) {
		e := entries[round]
		<-e.done
		if want := fresh.ifrl(round); !reflect.DeepEqual(e.l, want) {
			return fmt.Errorf("the lists after round %d kept for version %d of %s differ from those drawn up anew", round, t.Version, t.Slug)
		}
	}
	return nil
}

// SameRows reports whether a and b hold the same rows and versions,
// whatever either has worked out from them (Seal).
func SameRows(a, b *Tournament) bool {
	x, y := *a, *b
	x.derived, y.derived = nil, nil
	return reflect.DeepEqual(&x, &y)
}
