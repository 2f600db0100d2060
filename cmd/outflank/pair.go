package main

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/pairing"
)

const pairUsage = "pair SLUG [--json] [--explain] [--fix BLACK-WHITE ...] [--forbid A-B ...] [--seed S] [--check [--round N]] [--choice [PLAYER=]black|white|draw-win ...] [--match MATCH [--replace]]"

func runPair(e *env, args []string) error {
	fs := e.newFlags("pair", pairUsage)
	asJSON := fs.Bool("json", false, "print the round as one JSON document")
	explain := fs.Bool("explain", false, "show each pair's cost under each criterion of the ruleset")
	var fixed, forbidden repeated
	fs.Var(&fixed, "fix", "impose a pair, `BLACK-WHITE` (ids or names); repeat for more")
	fs.Var(&forbidden, "forbid", "keep two players (`A-B`) apart this round; repeat for more")
	seedText := fs.String("seed", "", "seed of the random choices (default: drawn; it is recorded with the round)")
	var choices repeated
	fs.Var(&choices, "choice", "knockout games: the choice of colour or draw-win, `[PLAYER=]black|white|draw-win` (WOC IV.9); repeat for each chooser")
	match := fs.String("match", "", "knockout games: pair only this `match` (final, third-place, semi-final-1, women-final, playoff-4-5, ...)")
	replace := fs.Bool("replace", false, "with --match: pair its game in play again, in place")
	check := addCheckFlags(fs)
	slug, _, err := e.parseSlug(fs, args, 0, pairUsage)
	if err != nil {
		return err
	}
	if check.used() {
		return check.run(e, slug, fixed, forbidden, *seedText, *asJSON)
	}
	seed, err := director.ParseSeed(*seedText)
	if err != nil {
		return err
	}
	var saved *director.Paired
	err = e.withStore(func(ctx context.Context, db database) error {
		saved, err = director.Pair(ctx, db, slug, director.PairRequest{Seed: seed, SeedGiven: *seedText != "",
			Fix: fixed, Forbid: forbidden, Choices: choices, Match: *match, Replace: *replace})
		return err
	})
	if err != nil {
		return err
	}
	tour, paired, ev := saved.Tournament, saved.Paired, saved.Event
	if *asJSON {
		doc := pairingJSON(tour, paired)
		doc.Notes = paired.Notes
		return writeJSON(e.stdout, doc)
	}
	e.saved(ev, "")
	for _, p := range append([]*outflank.Paired{paired}, paired.Also...) {
		e.printf(e.stdout, "%s", describePairing(tour, p, *explain))
	}
	for _, n := range paired.Notes {
		// Colours given for want of a choice not told yet: never in
		// silence (WOC IV.9).
		e.printf(e.stderr, "note: %s\n", n)
	}
	return nil
}

// describePairing prints the round's tables, with the costs if asked.
func describePairing(t *outflank.Tournament, p *outflank.Paired, explain bool) string {
	var b strings.Builder
	r := p.Round
	fmt.Fprintf(&b, "round %d: %s%s\n", r.Number, r.Method, director.SeedNote(r.Seed))
	costs := costsByPair(p.Swiss)
	for _, g := range r.Games {
		fmt.Fprintf(&b, "%4d  %-30s  %-30s", g.Table, t.Describe(g.Black), t.Describe(g.White))
		if c, ok := costs[[2]int{g.Black, g.White}]; ok && explain {
			fmt.Fprintf(&b, "  %s", showCosts(p.Swiss.Criteria, c))
		}
		b.WriteByte('\n')
	}
	for _, id := range r.Byes {
		fmt.Fprintf(&b, "   -  %-30s  bye\n", t.Describe(id))
	}
	if explain && p.Swiss != nil {
		fmt.Fprintf(&b, "total  %s\n", showCosts(p.Swiss.Criteria, p.Swiss.Totals))
		if slices.ContainsFunc(p.Swiss.Pairings, func(p pairing.Pairing) bool { return p.Fixed }) {
			b.WriteString("The fixed pairs are priced like the others; around them the matching is exact. 'pair --check' with the same --fix compares the round with the optimum without them.\n")
		} else {
			b.WriteString("The matching is exact: no pairing of these players has a smaller total, compared criterion by criterion in this order.\n")
		}
	}
	return b.String()
}

func costsByPair(res *pairing.Result) map[[2]int][]int64 {
	m := map[[2]int][]int64{}
	if res != nil {
		for _, p := range res.Pairings {
			m[[2]int{p.Black, p.White}] = p.Costs
		}
	}
	return m
}

func showCosts(criteria []pairing.Criterion, costs []int64) string {
	parts := make([]string, len(criteria))
	for i, c := range criteria {
		parts[i] = fmt.Sprintf("%s %d", c, costs[i])
	}
	return strings.Join(parts, ", ")
}

type pairingDoc struct {
	Round  int              `json:"round"`
	Stage  string           `json:"stage"`
	Method string           `json:"method"`
	Seed   string           `json:"seed"`
	Games  []pairingGameDoc `json:"games"`
	Byes   []int            `json:"byes"`
	Totals map[string]int64 `json:"totals,omitempty"`
	// Also are the rounds paired at the same time (Paired.Also).
	Also []pairingDoc `json:"also,omitempty"`
	// Notes name the knockout games paired for want of a choice of
	// colour not told yet (Paired.Notes).
	Notes []string `json:"notes,omitempty"`
}

type pairingGameDoc struct {
	Table int              `json:"table"`
	Black int              `json:"black"`
	White int              `json:"white"`
	Costs map[string]int64 `json:"costs,omitempty"`
}

func pairingJSON(t *outflank.Tournament, p *outflank.Paired) pairingDoc {
	r := p.Round
	doc := pairingDoc{Round: r.Number, Stage: string(r.Stage), Method: r.Method, Seed: r.Seed, Byes: append([]int{}, r.Byes...)}
	costs := costsByPair(p.Swiss)
	named := func(c []int64) map[string]int64 {
		if c == nil {
			return nil
		}
		m := map[string]int64{}
		for i, crit := range p.Swiss.Criteria {
			m[crit.String()] = c[i]
		}
		return m
	}
	for _, g := range r.Games {
		doc.Games = append(doc.Games, pairingGameDoc{Table: g.Table, Black: g.Black, White: g.White, Costs: named(costs[[2]int{g.Black, g.White}])})
	}
	if p.Swiss != nil {
		doc.Totals = named(p.Swiss.Totals)
	}
	for _, also := range p.Also {
		doc.Also = append(doc.Also, pairingJSON(t, also))
	}
	return doc
}
