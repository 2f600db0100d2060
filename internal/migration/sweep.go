package migration

import (
	"fmt"
	"sort"
	"strings"

	"outflank"
)

// Sweep is a run of replays over real events and what they met, for the
// migration test's report.
type Sweep struct {
	// Files is the number of files of ../shared/data/elo read, Archive the
	// number of events sampled from the WOF archive; Skipped counts the
	// files left out, by why their rounds could not be recovered.
	Files, Archive int
	Skipped        map[string]int
	// Events replayed, RoundRobins and Swisses among them; Rulesets counts
	// them by ruleset.
	Events, RoundRobins, Swisses int
	Rulesets                     map[string]int
	// Replays counts the replays (one per event and k), Ks them by k.
	Replays int
	Ks      map[int]int
	// Hand counts the rounds entered by hand, Forced those a rulebook
	// forbids (entered as played), by why.
	Hand   int
	Forced map[string]int
	// Paired counts the rounds 'pair' paired: Completing those completing
	// a round robin from the rounds played, RoundRobin those of a round
	// robin paired by the circle method, Swiss the Swiss rounds, Knockout
	// the knockout stages' rounds (playoffs, semi-finals, finals).
	Paired, Completing, RoundRobin, Swiss, Knockout int
	// Finished counts the replays played to the end of the event.
	Finished int
	// Rematches are the rematches 'pair' paired, each with its event and k.
	Rematches []string
	// Refusals counts 'pair''s refusals by class; Unclear lists those that
	// say nothing of what the director can do.
	Refusals map[string]int
	Unclear  []string
	// Examples holds one refusal of each class.
	Examples map[string]string
	// Checked counts the replays whose views were checked, Documents the
	// documents compared (pages, API documents, command-line tables,
	// exports); Disagreements lists every disagreement between views, each
	// with its event, k, player and views.
	Checked, Documents int
	Disagreements      []string
	// Errors are the replays that failed (not a refusal: a bug).
	Errors []string
}

// NewSweep returns an empty sweep.
func NewSweep() *Sweep {
	return &Sweep{Skipped: map[string]int{}, Rulesets: map[string]int{}, Ks: map[int]int{},
		Forced: map[string]int{}, Refusals: map[string]int{}, Examples: map[string]string{}}
}

// Check checks the views of a replayed event (k rounds by hand, the rest
// paired): it returns the number of documents compared and the
// disagreements found, each naming the player and the views, or an error
// when the views could not be rendered.
type Check func(ev *Event, k int, t *outflank.Tournament) (documents int, disagreements []string, err error)

// Run replays each event for each of up to ks values of k (Ks) with the
// results simulated from seed, runs check (when not nil) on each replay,
// and adds what they met to s.
func (s *Sweep) Run(events []*Event, ks int, seed uint64, check Check) {
	for _, ev := range events {
		s.Events++
		s.Rulesets[string(ev.Rules)]++
		if ev.Cycles > 0 {
			s.RoundRobins++
		} else {
			s.Swisses++
		}
		for _, k := range Ks(ev.Rounds(), ks) {
			var opts Options
			opts.Seed = seed
			var documents int
			var found []string
			if check != nil {
				opts.Check = func(t *outflank.Tournament) error {
					var err error
					documents, found, err = check(ev, k, t)
					return err
				}
			}
			out, err := Replay(ev, k, opts)
			if err != nil {
				s.Errors = append(s.Errors, fmt.Sprintf("%s, k=%d: %v", ev.Name(), k, err))
				continue
			}
			s.add(ev, out)
			if check != nil {
				s.Checked++
				s.Documents += documents
				for _, d := range found {
					s.Disagreements = append(s.Disagreements, fmt.Sprintf("%s, k=%d: %s", ev.Name(), k, d))
				}
			}
		}
	}
}

// add counts what one replay met.
func (s *Sweep) add(ev *Event, out *Outcome) {
	s.Replays++
	s.Ks[out.K]++
	s.Hand += out.K
	for _, why := range out.ForcedWhy {
		s.Forced[why]++
	}
	s.Paired += out.Paired
	s.Completing += out.Completing
	s.RoundRobin += out.RoundRobin
	s.Swiss += out.Swiss
	s.Knockout += out.Knockout
	if out.Finished {
		s.Finished++
	}
	for _, r := range out.Rematches {
		s.Rematches = append(s.Rematches, fmt.Sprintf("%s, k=%d: %s", ev.Name(), out.K, r))
	}
	if out.Refusal == "" {
		return
	}
	class := out.RefusalClass()
	s.Refusals[class]++
	where := fmt.Sprintf("%s, k=%d: %s", ev.Name(), out.K, strings.ReplaceAll(out.Refusal, "\n", " "))
	if !out.Clear {
		s.Unclear = append(s.Unclear, where)
	}
	if _, seen := s.Examples[class]; !seen {
		s.Examples[class] = where
	}
}

// Report says what the sweep did and met, a line per count.
func (s *Sweep) Report() []string {
	ks := make([]int, 0, len(s.Ks))
	for k := range s.Ks {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	kText := make([]string, len(ks))
	for i, k := range ks {
		kText[i] = fmt.Sprintf("k=%d: %d", k, s.Ks[k])
	}
	lines := []string{
		fmt.Sprintf("files: %d of elo/ and %d events sampled from the WOF archive; skipped (rounds not recovered): %s", s.Files, s.Archive, counts(s.Skipped)),
		fmt.Sprintf("events replayed: %d (%d round robins, %d Swiss; by ruleset: %s)", s.Events, s.RoundRobins, s.Swisses, counts(s.Rulesets)),
		fmt.Sprintf("replays: %d (%s); played to the end of the event: %d", s.Replays, strings.Join(kText, ", "), s.Finished),
		fmt.Sprintf("rounds entered by hand: %d, forced (played so, forbidden by the rules): %s", s.Hand, counts(s.Forced)),
		fmt.Sprintf("rounds paired: %d (round robin completed from the rounds played: %d, circle method: %d, Swiss: %d, knockout: %d)", s.Paired, s.Completing, s.RoundRobin, s.Swiss, s.Knockout),
		fmt.Sprintf("rematches paired: %d", len(s.Rematches)),
		fmt.Sprintf("refusals: %d (%s); without a way out: %d", total(s.Refusals), counts(s.Refusals), len(s.Unclear)),
		fmt.Sprintf("views checked: %d replays, %d documents; disagreements: %d", s.Checked, s.Documents, len(s.Disagreements)),
	}
	classes := make([]string, 0, len(s.Examples))
	for class := range s.Examples {
		classes = append(classes, class)
	}
	sort.Strings(classes)
	for _, class := range classes {
		lines = append(lines, fmt.Sprintf("example of %s: %s", class, s.Examples[class]))
	}
	return lines
}

// counts writes a map of counts as "a: 1, b: 2", largest first, or "none".
func counts(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s: %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// Load loads the events of a sweep: every file of files (those of
// ../shared/data/elo), then a Sample of archive (the WOF archive's files;
// none when nil) of at least total events, perStratum of each stratum
// where the archive has them. It counts the files and why some were left
// out.
func (s *Sweep) Load(files, archive []string, perStratum, total int) ([]*Event, error) {
	var events []*Event
	for _, f := range files {
		ev, skip, err := Load(f)
		if err != nil {
			return nil, err
		}
		if skip != "" {
			s.Skipped[skip]++
			continue
		}
		events = append(events, ev)
	}
	s.Files += len(files)
	if len(archive) == 0 {
		return events, nil
	}
	sample, skipped, err := Sample(archive, perStratum, total, Load)
	if err != nil {
		return nil, err
	}
	for reason, n := range skipped {
		s.Skipped[reason] += n
	}
	s.Archive += len(sample)
	return append(events, sample...), nil
}
