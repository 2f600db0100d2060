package main

import (
	"math/rand/v2"
	"sync"
)

// writeKind is what a scripted client writes.
type writeKind int

const (
	// writeResult is a director's result through the write API (replace:
	// true, so that a retry after a lost answer is no conflict).
	writeResult writeKind = iota
	// writeJudge is a table judge's result, a whole game's transcript,
	// submitted through a judge's link.
	writeJudge
	// writePair is a director pairing the next round through the API,
	// once every table of the current one has its result.
	writePair
)

func (k writeKind) String() string {
	return [...]string{"director result", "judge result", "pairing"}[k]
}

// job is one write to make.
type job struct {
	t     *tourney
	kind  writeKind
	round int
	table int
}

// tourney is the writers' view of one tournament of a cluster run: the
// round being played, its tables still without a result, those with one.
// Results fill the round's tables first (judges and directors); once every
// table has its result the director pairs the next round. Meanwhile, and
// in the last round, the director corrects results: he replaces them at
// random tables that have one.
type tourney struct {
	slug   string
	tables int // per round
	rounds int

	mu       sync.Mutex
	round    int
	free     []int // tables without a result, none being written
	done     []int // tables with an accepted result
	pairing  bool
	failures int // pairings that failed; after maxPairFailures, no more
	rng      *rand.Rand
}

// maxPairFailures is how many failed pairings end a tournament's rounds:
// a pairing whose answer was lost may have been saved, and the next
// round cannot be paired before this one has its results.
const maxPairFailures = 3

func newTourney(slug string, tables, rounds int, seed uint64) *tourney {
	t := &tourney{slug: slug, tables: tables, rounds: rounds, rng: rand.New(rand.NewPCG(seed, 1))}
	t.startRound(1)
	return t
}

func (t *tourney) startRound(n int) {
	t.round = n
	t.free = t.free[:0]
	for table := t.tables; table >= 1; table-- {
		t.free = append(t.free, table)
	}
	t.done = t.done[:0]
}

// next returns the next write to this tournament, a judge's if judge and
// a table waits for its first result; false when it has none to give now
// (the first results of a round are all being written).
func (t *tourney) next(judge bool) (job, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case !t.pairing && len(t.free) > 0:
		table := t.free[len(t.free)-1]
		t.free = t.free[:len(t.free)-1]
		kind := writeResult
		if judge {
			kind = writeJudge
		}
		return job{t: t, kind: kind, round: t.round, table: table}, true
	case !t.pairing && len(t.done) == t.tables && t.round < t.rounds && t.failures < maxPairFailures:
		t.pairing = true
		return job{t: t, kind: writePair, round: t.round + 1}, true
	case len(t.done) > 0:
		return job{t: t, kind: writeResult, round: t.round, table: t.done[t.rng.IntN(len(t.done))]}, true
	}
	return job{}, false
}

// finish records a write's end: entered says the game has a result now
// (the write was accepted, or a judge's submission found one already).
func (t *tourney) finish(j job, entered bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case j.kind == writePair:
		t.pairing = false
		if entered {
			t.startRound(j.round)
		} else {
			t.failures++
		}
	case j.round != t.round:
	case entered && !t.isDone(j.table):
		t.done = append(t.done, j.table)
	case !entered && !t.isDone(j.table):
		t.free = append(t.free, j.table) // written again later
	}
}

func (t *tourney) isDone(table int) bool {
	for _, d := range t.done {
		if d == table {
			return true
		}
	}
	return false
}
