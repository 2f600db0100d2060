package main

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"time"
)

// logEntry is what the check reads of an audit log entry
// (`outflank log SLUG --json`).
type logEntry struct {
	ID      int64     `json:"id"`
	At      time.Time `json:"at"`
	Kind    string    `json:"kind"`
	Summary string    `json:"summary"`
}

// exportedEvent is what the check reads of a tournament file
// (`outflank export SLUG --format json`): the games' scores.
type exportedEvent struct {
	Rounds []struct {
		Round int `json:"round"`
		Games []struct {
			Table      int  `json:"table"`
			BlackDiscs *int `json:"black_discs"`
			WhiteDiscs *int `json:"white_discs"`
		} `json:"games"`
	} `json:"rounds"`
}

// gameKey names a game: round and table.
type gameKey struct{ round, table int }

// stored is one tournament as the database holds it after a run.
type stored struct {
	log      []logEntry
	scores   map[gameKey]string // "B-W" of each game with a result
	verified error              // what `outflank log --verify` said (nil: the chain holds)
}

// readStored reads a tournament's log and file with the command line.
func readStored(ctx context.Context, c cli, slug string) (*stored, error) {
	s := &stored{scores: map[gameKey]string{}}
	out, err := c.run(ctx, "", "log", slug, "--json")
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(out), &s.log); err != nil {
		return nil, fmt.Errorf("reading the log of %s: %w", slug, err)
	}
	out, err = c.run(ctx, "", "export", slug, "--format", "json")
	if err != nil {
		return nil, err
	}
	var ev exportedEvent
	if err := json.Unmarshal([]byte(out), &ev); err != nil {
		return nil, fmt.Errorf("reading the export of %s: %w", slug, err)
	}
	for _, r := range ev.Rounds {
		for _, g := range r.Games {
			if g.BlackDiscs != nil && g.WhiteDiscs != nil {
				s.scores[gameKey{r.Round, g.Table}] = fmt.Sprintf("%d-%d", *g.BlackDiscs, *g.WhiteDiscs)
			}
		}
	}
	_, s.verified = c.run(ctx, "", "log", slug, "--verify")
	return s, nil
}

var resultSummary = regexp.MustCompile(`^round (\d+) table (\d+), .*: (\d+-\d+)$`)

// verification is what the check found.
type verification struct {
	accepted     int      // writes the server accepted
	inLog        int      // of those, found in the log as written
	problems     []string // the first of each kind of problem
	nProblems    int
	unanswered   int // result entries in the log that no accepted answer announced
	tables       int // games compared between the log and the database
	chainsBroken int // tournaments whose `log --verify` failed
}

func (v *verification) problem(format string, args ...any) {
	v.nProblems++
	if len(v.problems) < 10 {
		v.problems = append(v.problems, fmt.Sprintf(format, args...))
	}
}

// verifyWrites checks that every accepted write is in its tournament's log
// as it was written, that each game's score in the database is its last
// in the log, and that every log's hash chain holds.
func verifyWrites(records []*writeRecord, tournaments map[string]*stored) verification {
	var v verification
	byID := map[string]map[int64]logEntry{}
	for slug, s := range tournaments {
		byID[slug] = map[int64]logEntry{}
		for _, e := range s.log {
			byID[slug][e.ID] = e
		}
		if s.verified != nil {
			v.chainsBroken++
			v.problem("%s: log --verify: %v", slug, s.verified)
		}
	}
	announced := map[int64]bool{}
	for _, w := range records {
		if !w.accepted() {
			continue
		}
		v.accepted++
		announced[w.event] = true
		e, ok := byID[w.slug][w.event]
		if !ok {
			v.problem("%s: the %s accepted as change #%d (round %d table %d) is not in the log", w.slug, w.kind, w.event, w.round, w.table)
			continue
		}
		if want := wantedSummary(w); !want.MatchString(e.Summary) {
			v.problem("%s: change #%d is %q in the log, not the %s written (round %d table %d %s)", w.slug, w.event, e.Summary, w.kind, w.round, w.table, w.score)
			continue
		}
		v.inLog++
	}
	for slug, s := range tournaments {
		last := map[gameKey]string{}
		for _, e := range s.log {
			m := resultSummary.FindStringSubmatch(e.Summary)
			if m == nil {
				continue
			}
			r, _ := strconv.Atoi(m[1])
			t, _ := strconv.Atoi(m[2])
			last[gameKey{r, t}] = m[3]
			if !announced[e.ID] {
				v.unanswered++
			}
		}
		for k, score := range last {
			v.tables++
			if got := s.scores[k]; got != score {
				v.problem("%s: round %d table %d is %q in the database, %s in the log", slug, k.round, k.table, got, score)
			}
		}
	}
	return v
}

// wantedSummary matches the log's summary of the write w.
func wantedSummary(w *writeRecord) *regexp.Regexp {
	if w.kind == writePair {
		return regexp.MustCompile(`^paired round ` + strconv.Itoa(w.round) + `\b`)
	}
	return regexp.MustCompile(fmt.Sprintf(`^round %d table %d, .*: %s$`, w.round, w.table, regexp.QuoteMeta(w.score)))
}

// deliveriesOf lists the changes of a tournament's log made since a time,
// each with the version it made and the time the server recorded it (in
// the transaction that saved it, on this machine's clock): the stored
// version grows by one with each change, from 1 at its creation, so the
// n-th entry of the log made version n.
func deliveriesOf(log []logEntry, since time.Time) []delivery {
	var list []delivery
	for i, e := range log {
		if !e.At.Before(since) {
			list = append(list, delivery{version: int64(i + 1), accepted: e.At.UnixNano()})
		}
	}
	return list
}
