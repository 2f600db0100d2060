package migration

import (
	"hash/fnv"
	"path/filepath"
	"slices"

	"outflank/rules"
)

// Stratum is a kind of event the archive's sample must hold: a field size
// (up to Players) and a round robin or a Swiss.
type Stratum struct {
	Players    int
	RoundRobin bool
}

// Strata are the sample's kinds: fields up to 8, 14, 30, 100 players and
// more, each a round robin or a Swiss.
var Strata = func() []Stratum {
	var s []Stratum
	for _, n := range []int{8, 14, 30, 100, 1 << 30} {
		s = append(s, Stratum{n, true}, Stratum{n, false})
	}
	return s
}()

// knockouts reports whether ruleset id has knockout stages after the main
// stage (rules.Plan: playoffs, semi-finals, finals).
func knockouts(id rules.ID) bool {
	p := rules.PlanFor(id, 30)
	return p.Final.Played || p.SemiFinals.Played || p.Playoffs
}

func stratumOf(ev *Event) Stratum {
	players := map[int]bool{}
	for _, r := range ev.Played.Rounds {
		for _, g := range r.Games {
			players[g.Black], players[g.White] = true, true
		}
	}
	for _, s := range Strata {
		if len(players) <= s.Players && s.RoundRobin == (ev.Cycles > 0) {
			return s
		}
	}
	return Strata[len(Strata)-1]
}

// Sample chooses, deterministically, at least total events of the archive's
// files: in the order of a hash of their names, up to perStratum of each
// stratum and of each ruleset with knockout stages (WOC, EGP, AOF, BOF
// National: rulesetOf), then any, until total; files whose rounds cannot be recovered
// are counted in skipped by reason, and the events they would have been
// are not in the sample. read loads a file (Load).
func Sample(files []string, perStratum, total int, read func(string) (*Event, string, error)) ([]*Event, map[string]int, error) {
	order := slices.Clone(files)
	key := func(p string) uint64 {
		h := fnv.New64a()
		h.Write([]byte(filepath.Base(p)))
		return h.Sum64()
	}
	slices.SortFunc(order, func(a, b string) int {
		ka, kb := key(a), key(b)
		switch {
		case ka < kb:
			return -1
		case ka > kb:
			return 1
		}
		return 0
	})
	skipped := map[string]int{}
	taken := map[Stratum]int{}
	byRules := map[rules.ID]int{}
	var sample, spare []*Event
	for _, f := range order {
		full := true
		for _, s := range Strata {
			if taken[s] < perStratum {
				full = false
			}
		}
		if full && len(sample) >= total {
			break
		}
		ev, skip, err := read(f)
		if err != nil {
			return nil, nil, err
		}
		if skip != "" {
			skipped[skip]++
			continue
		}
		s := stratumOf(ev)
		if taken[s] < perStratum || knockouts(ev.Rules) && byRules[ev.Rules] < perStratum {
			taken[s]++
			byRules[ev.Rules]++
			sample = append(sample, ev)
		} else if len(spare) < total {
			spare = append(spare, ev)
		}
	}
	for _, ev := range spare {
		if len(sample) >= total {
			break
		}
		sample = append(sample, ev)
	}
	return sample, skipped, nil
}
