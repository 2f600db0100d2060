package main

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/pairing"
)

// checkFlags are pair's --check and --round: price a pairing next to
// Outflank's optimum instead of pairing.
type checkFlags struct {
	check *bool
	round *int
}

// addCheckFlags defines --check and --round on pair's flags.
func addCheckFlags(fs *flag.FlagSet) checkFlags {
	return checkFlags{
		check: fs.Bool("check", false, "price the last round entered (or --round N, or the next one with the --fix pairs) next to Outflank's optimum from the same state; writes nothing"),
		round: fs.Int("round", 0, "with --check: the round `N` to price"),
	}
}

// used reports whether the command is a check rather than a pairing.
func (c checkFlags) used() bool { return *c.check || *c.round != 0 }

// run prints the check of a pairing: pair SLUG --check, with pair's
// --fix, --forbid, --seed and --json.
func (c checkFlags) run(e *env, slug string, fixed, forbidden repeated, seedText string, asJSON bool) error {
	if !*c.check {
		return usagef("--round goes with --check\nusage: outflank %s", pairUsage)
	}
	if *c.round < 0 {
		return outflank.Errorf(outflank.EINVALID, "--round %d: give a round number from 1", *c.round)
	}
	t, err := e.load(slug)
	if err != nil {
		return err
	}
	opts := outflank.CheckOptions{Round: *c.round}
	if opts.Fixed, opts.Forbidden, err = director.ParsePairs(t, fixed, forbidden); err != nil {
		return err
	}
	if seedText != "" {
		seed, err := director.ParseSeed(seedText)
		if err != nil {
			return err
		}
		opts.Seed = &seed
	}
	check, err := t.CheckPairing(opts)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSON(e.stdout, pairCheckJSON(check))
	}
	e.printf(e.stdout, "%s", describeCheck(t, check, len(opts.Fixed)+len(opts.Forbidden) > 0))
	return nil
}

// describeCheck prints both pairings, pair by pair and in total, and how
// the given one compares.
func describeCheck(t *outflank.Tournament, c *outflank.PairCheck, fixed bool) string {
	var b strings.Builder
	what := "as entered"
	if fixed {
		what = "with the fixed pairs, the rest paired around them"
	}
	fmt.Fprintf(&b, "round %d (%s) %s, priced from the state after round %d:\n", c.Round, c.Method, what, c.Round-1)
	writeCheckedRound(&b, t, c.Given, c.GivenByes, c.Tables)
	if c.Optimum != nil {
		fmt.Fprintf(&b, "Outflank's optimum from the same state (seed %s):\n", c.Seed)
		writeCheckedRound(&b, t, c.Optimum, c.OptimumByes, sequence(len(c.Optimum.Pairings)))
	}
	for _, note := range c.Notes {
		fmt.Fprintf(&b, "Note: %s.\n", note)
	}
	b.WriteString(verdictText(c))
	return b.String()
}

// writeCheckedRound prints a round's games with their tables and costs,
// its byes and its totals.
func writeCheckedRound(b *strings.Builder, t *outflank.Tournament, res *pairing.Result, byes []int, tables []int) {
	for i, p := range res.Pairings {
		mark := ""
		if p.Fixed {
			mark = "  (fixed)"
		}
		fmt.Fprintf(b, "%4d  %-30s  %-30s  %s%s\n", tables[i], t.Describe(p.Black), t.Describe(p.White), showCosts(res.Criteria, p.Costs), mark)
		if p.Breaks != "" {
			fmt.Fprintf(b, "      ! %s\n", p.Breaks)
		}
	}
	for _, id := range byes {
		fmt.Fprintf(b, "   -  %-30s  bye\n", t.Describe(id))
	}
	fmt.Fprintf(b, "total  %s\n", showCosts(res.Criteria, res.Totals))
}

// verdict words the comparison: "worse", "equal", "better" (only a round
// that breaks a rule, or pairs other players, can be), or "no optimum".
func verdict(c *outflank.PairCheck) (string, int, []pairing.Criterion, []pairing.Criterion) {
	first, worse, better := c.Compare()
	switch {
	case c.Optimum == nil:
		return "no optimum", first, worse, better
	case first < 0:
		return "equal", first, worse, better
	case c.Given.Totals[first] > c.Optimum.Totals[first]:
		return "worse", first, worse, better
	}
	return "better", first, worse, better
}

func verdictText(c *outflank.PairCheck) string {
	v, first, worse, better := verdict(c)
	list := func(crits []pairing.Criterion) string {
		var parts []string
		for _, crit := range crits {
			k := slices.Index(c.Given.Criteria, crit)
			parts = append(parts, fmt.Sprintf("%s (%d v %d)", crit, c.Given.Totals[k], c.Optimum.Totals[k]))
		}
		return strings.Join(parts, ", ")
	}
	var b strings.Builder
	switch v {
	case "no optimum":
		return "There is no optimum to compare with.\n"
	case "equal":
		return "As good as the optimum: the same total on every criterion (compared in priority order, as the engine does).\n"
	case "worse":
		crit := c.Given.Criteria[first]
		fmt.Fprintf(&b, "Worse than the optimum: it loses on %s (%d v %d), the first criterion, in priority order, where the totals differ", crit, c.Given.Totals[first], c.Optimum.Totals[first])
		if rest := worse[1:]; len(rest) > 0 {
			fmt.Fprintf(&b, "; also worse on %s", list(rest))
		}
	default:
		crit := c.Given.Criteria[first]
		fmt.Fprintf(&b, "Better than the optimum on %s (%d v %d), the first criterion where the totals differ: only a round that breaks a rule, or pairs other players, can be", crit, c.Given.Totals[first], c.Optimum.Totals[first])
		if len(worse) > 0 {
			fmt.Fprintf(&b, "; worse on %s", list(worse))
		}
		better = better[1:]
	}
	if len(better) > 0 {
		fmt.Fprintf(&b, "; better on %s", list(better))
	}
	b.WriteString(".\n")
	return b.String()
}

// pairCheckDoc is pair --check --json: pair --json's field names for each
// round (games with table, black, white and costs; byes; totals).
type pairCheckDoc struct {
	Round    int              `json:"round"`
	Stage    string           `json:"stage"`
	Method   string           `json:"method"`
	Seed     string           `json:"seed"`
	Criteria []string         `json:"criteria"`
	Given    checkedRoundDoc  `json:"given"`
	Optimum  *checkedRoundDoc `json:"optimum"`
	// Verdict is "worse", "equal", "better" or "no optimum"; DecidedBy the
	// first criterion, in priority order, where the totals differ.
	Verdict   string   `json:"verdict"`
	DecidedBy string   `json:"decided_by,omitempty"`
	Worse     []string `json:"worse"`
	Better    []string `json:"better"`
	Notes     []string `json:"notes"`
}

type checkedRoundDoc struct {
	Games  []checkedGameDoc `json:"games"`
	Byes   []int            `json:"byes"`
	Totals map[string]int64 `json:"totals"`
}

type checkedGameDoc struct {
	pairingGameDoc
	Fixed  bool   `json:"fixed,omitempty"`
	Breaks string `json:"breaks,omitempty"`
}

func pairCheckJSON(c *outflank.PairCheck) pairCheckDoc {
	names := func(crits []pairing.Criterion) []string {
		out := []string{}
		for _, crit := range crits {
			out = append(out, crit.String())
		}
		return out
	}
	named := func(costs []int64) map[string]int64 {
		m := map[string]int64{}
		for i, crit := range c.Given.Criteria {
			m[crit.String()] = costs[i]
		}
		return m
	}
	round := func(res *pairing.Result, byes []int, tables []int) *checkedRoundDoc {
		d := &checkedRoundDoc{Games: []checkedGameDoc{}, Byes: append([]int{}, byes...), Totals: named(res.Totals)}
		for i, p := range res.Pairings {
			d.Games = append(d.Games, checkedGameDoc{pairingGameDoc: pairingGameDoc{Table: tables[i], Black: p.Black, White: p.White, Costs: named(p.Costs)}, Fixed: p.Fixed, Breaks: p.Breaks})
		}
		return d
	}
	v, first, worse, better := verdict(c)
	doc := pairCheckDoc{Round: c.Round, Stage: string(c.Stage), Method: c.Method, Seed: c.Seed, Criteria: names(c.Given.Criteria),
		Verdict: v, Worse: names(worse), Better: names(better), Notes: append([]string{}, c.Notes...)}
	doc.Given = *round(c.Given, c.GivenByes, c.Tables)
	if c.Optimum != nil {
		doc.Optimum = round(c.Optimum, c.OptimumByes, sequence(len(c.Optimum.Pairings)))
	}
	if first >= 0 {
		doc.DecidedBy = c.Given.Criteria[first].String()
	}
	return doc
}

func sequence(n int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = i + 1
	}
	return s
}
