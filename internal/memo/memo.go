// Package memo keeps in memory the latest state of the tournaments a store
// has read or written, so that reading a tournament that has not changed
// since, or changing it, costs a query for its version instead of loading
// every row again. Loading was most of the cost of entering a result (60%
// of the server's CPU under the cluster load test, docs/web.md).
//
// A state is kept for one version of one tournament row (its id and
// version), so a store serves it only when the database still has that
// version: a change made by another process, or by another instance on
// PostgreSQL, is never hidden. A store then either catches up from the
// log (the changes of the events saved since, which are exactly what
// those events wrote) or loads the tournament again.
//
// With OUTFLANK_VERIFY_MEMO set (and not "0"), every state served from
// memory is compared with a full load, and a difference is an internal
// error. The tests set it (their TestMain), so every test that reads or
// writes through a store checks the memo; the benchmarks set it to "0", to
// measure what a server does.
package memo

import (
	"fmt"
	"maps"
	"os"
	"sync"

	"outflank"
)

// State is a tournament as a store loads it at one version, with what
// writing its changes back needs. Once kept, a State and everything in it
// is never changed: stores copy T before changing a tournament. Its T is
// sealed (Tournament.Seal), so that its readers share the lists drawn up
// from it, and the states patched from it inherit those they can.
type State struct {
	// ID is the tournament's row id, Event the id of the latest event of
	// its log (0: none).
	ID, Event int64
	T         *outflank.Tournament
	// Versions is each row's version, by Key.
	Versions map[string]int
}

// Key names a row in State.Versions.
func Key(entity, key string) string { return entity + " " + key }

// Version is the tournament's version.
func (s *State) Version() int64 { return s.T.Version }

// Next is the state after event, committed on s with changes: each change
// bumps the version of the row it updates (or gives 1 to the row it
// creates), and the event itself bumps the tournament's, as the stores'
// writes do.
func (s *State) Next(event int64, changes []outflank.Change) (*State, error) {
	t, err := s.T.Patch(changes)
	if err != nil {
		return nil, err
	}
	versions := maps.Clone(s.Versions)
	tkey := Key(outflank.EntityTournament, t.Slug)
	versions[tkey]++
	for _, c := range changes {
		k := Key(c.Entity, c.Key)
		switch {
		case c.After == nil:
			delete(versions, k)
		case c.Before == nil:
			versions[k] = 1
		default:
			versions[k]++
		}
		if c.Entity == outflank.EntityGame && c.After != nil {
			if err := setGameVersion(t, c.Key, versions[k]); err != nil {
				return nil, err
			}
		}
	}
	t.Version = int64(versions[tkey])
	return &State{ID: s.ID, Event: event, T: t, Versions: versions}, nil
}

// setGameVersion records the version of the game at key ("round/table").
func setGameVersion(t *outflank.Tournament, key string, version int) error {
	n, table, err := outflank.KeyNumbers(key)
	if err != nil {
		return err
	}
	g, err := t.Game(n, table)
	if err != nil {
		return err
	}
	g.Version = version
	return nil
}

// Logged is an event of the log as a catch-up needs it.
type Logged struct {
	ID      int64
	Changes []outflank.Change
}

// CatchUp is the state after events, saved since s in this order, or nil
// when they do not lead to the tournament as the database has it (version,
// and latest event): the caller then loads it in full.
func (s *State) CatchUp(events []Logged, version, latest int64) (*State, error) {
	next := s
	for _, ev := range events {
		if ev.ID <= next.Event {
			return nil, nil
		}
		var err error
		if next, err = next.Next(ev.ID, ev.Changes); err != nil {
			return nil, err
		}
	}
	if next.Version() != version || next.Event != latest {
		return nil, nil
	}
	return next, nil
}

// MaxCatchUp is the most events a store catches up with; beyond, loading
// in full costs less.
const MaxCatchUp = 64

// Memo keeps the latest state of at most max tournaments, forgetting the
// one used least recently to make room. It is safe for concurrent use.
type Memo struct {
	mu     sync.Mutex
	max    int
	clock  uint64
	kept   map[string]*kept
	verify bool
	stats  Stats
}

// Stats counts how a memo's states were read.
type Stats struct {
	// Hits are the reads served from memory as kept, CaughtUp those
	// brought up to date from the log, Loads those read in full.
	Hits, CaughtUp, Loads int64
}

// Stats returns the counts so far.
func (m *Memo) Stats() Stats {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.stats
}

// count records how a read was served: from kept as it was, caught up
// from it, or (kept nil) loaded in full.
func (m *Memo) count(kept, served *State) {
	m.mu.Lock()
	defer m.mu.Unlock()
	switch {
	case kept == nil:
		m.stats.Loads++
	case kept == served:
		m.stats.Hits++
	default:
		m.stats.CaughtUp++
	}
}

type kept struct {
	s    *State
	used uint64
}

// DefaultMax is how many tournaments a store keeps: a federation's events
// of the season, a few megabytes each (a 5,000-player event, tens).
const DefaultMax = 32

// New returns an empty memo of at most max tournaments.
func New(max int) *Memo {
	v := os.Getenv("OUTFLANK_VERIFY_MEMO")
	return &Memo{max: max, kept: map[string]*kept{}, verify: v != "" && v != "0"}
}

// Verifying reports whether the memo compares what it serves with a full
// load (OUTFLANK_VERIFY_MEMO): a store may then check its other ways of
// reading too.
func (m *Memo) Verifying() bool { return m.verify }

// Get returns the state kept for slug, or nil.
func (m *Memo) Get(slug string) *State {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := m.kept[slug]
	if k == nil {
		return nil
	}
	m.clock++
	k.used = m.clock
	return k.s
}

// Keep keeps s as slug's state, unless a later one is kept already (a
// reader that loaded before a writer saved can finish after it). It seals
// s.T, which no one else may read yet.
func (m *Memo) Keep(slug string, s *State) {
	s.T.Seal()
	m.mu.Lock()
	defer m.mu.Unlock()
	if k := m.kept[slug]; k != nil && k.s.ID == s.ID && k.s.Version() > s.Version() {
		return
	}
	if _, ok := m.kept[slug]; !ok && len(m.kept) >= m.max {
		m.evict()
	}
	m.clock++
	m.kept[slug] = &kept{s: s, used: m.clock}
}

// evict forgets the state used least recently.
func (m *Memo) evict() {
	var oldest string
	var used uint64
	for slug, k := range m.kept {
		if oldest == "" || k.used < used {
			oldest, used = slug, k.used
		}
	}
	delete(m.kept, oldest)
}

// Forget forgets slug's state.
func (m *Memo) Forget(slug string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.kept, slug)
}

// Len is how many tournaments are kept.
func (m *Memo) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.kept)
}

// Served records that s, kept or caught up from kept, is served for slug.
// When verifying, it is first compared with full(), the tournament read
// in full from the same transaction, and a difference is the error.
func (m *Memo) Served(slug string, kept, s *State, full func() (*State, error)) error {
	if m.verify {
		loaded, err := full()
		if err != nil {
			return err
		}
		if err := Compare(s, loaded); err != nil {
			return err
		}
	}
	if s != kept {
		m.Keep(slug, s)
	}
	m.count(kept, s)
	return nil
}

// Loaded keeps s, read in full, for slug.
func (m *Memo) Loaded(slug string, s *State) {
	m.Keep(slug, s)
	m.count(nil, nil)
}

// Committed keeps the state a committed event left: s with changes, the
// event's. The next change, or read, of the tournament starts from it.
func (m *Memo) Committed(slug string, s *State, event int64, changes []outflank.Change) {
	next, err := s.Next(event, changes)
	if err != nil {
		m.Forget(slug) // read in full next time
		return
	}
	m.Keep(slug, next)
}

// Compare returns nil when kept, served from memory, is the state loaded
// from the database, and the lists it drew up or inherited are those
// drawn up anew from it, or an internal error that names the first
// difference.
func Compare(kept, loaded *State) error {
	if kept.ID == loaded.ID && kept.Event == loaded.Event && outflank.SameRows(kept.T, loaded.T) && maps.Equal(kept.Versions, loaded.Versions) {
		if err := kept.T.CheckLists(loaded.T); err != nil {
			return outflank.Errorf(outflank.EINTERNAL, "%v", err)
		}
		return nil
	}
	what := "the row ids, latest events or versions"
	if changes, err := outflank.Diff(loaded.T, kept.T); err == nil && len(changes) > 0 {
		what = fmt.Sprintf("%d rows, the first %s %s", len(changes), changes[0].Entity, changes[0].Key)
	} else if !outflank.SameRows(kept.T, loaded.T) {
		what = "the games' versions or the empty lists"
	}
	return outflank.Errorf(outflank.EINTERNAL, "the tournament %s kept in memory (version %d, event %d) differs from the database's (version %d, event %d) in %s",
		loaded.T.Slug, kept.Version(), kept.Event, loaded.Version(), loaded.Event, what)
}
