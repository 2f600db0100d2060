package main

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"outflank"
	"outflank/circuit"
	"outflank/words"
)

const (
	circuitStandingsUsage = "circuit standings SLUG [--json]"
	circuitShowUsage      = "circuit show SLUG PLAYER"
)

// loadCircuit reads a circuit and computes its standings; the warnings
// (likely duplicates, a tie waiting for a decision) go to stderr.
func (e *env) loadCircuit(slug string) (*outflank.Circuit, *outflank.CircuitTable, error) {
	var c *outflank.Circuit
	var table *outflank.CircuitTable
	err := e.withStore(func(ctx context.Context, db database) error {
		var err error
		c, table, err = outflank.LoadCircuit(ctx, db, db, slug)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	for _, w := range table.Warnings {
		e.printf(e.stderr, "warning: %s\n", w)
	}
	return c, table, nil
}

// points prints circuit points: whole numbers as such, averages with two
// decimals.
func points(p float64) string {
	return strconv.FormatFloat(math.Round(p*100)/100, 'f', -1, 64)
}

func rankLabel(rank int, equal bool) string {
	if equal {
		return strconv.Itoa(rank) + "="
	}
	return strconv.Itoa(rank)
}

func runCircuitStandings(e *env, args []string) error {
	fs := e.newFlags("circuit standings", circuitStandingsUsage)
	asJSON := fs.Bool("json", false, "print one JSON document")
	slug, _, err := e.parseSlug(fs, args, 0, circuitStandingsUsage)
	if err != nil {
		return err
	}
	c, table, err := e.loadCircuit(slug)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, table)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s, %d, %s\n", c.Name, c.Slug, outflank.CircuitRulesName(c.Rules), c.Year, words.Count(len(c.Tournaments), "tournament"))
	if len(table.Standings) == 0 {
		fmt.Fprintf(&b, "no results yet: 'outflank circuit add %s TOURNAMENT...' adds tournaments\n", slug)
		e.printf(e.stdout, "%s", b.String())
		return nil
	}
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "rank\tplayer\tcountry\tWOF\tpoints\tresults")
	for _, s := range table.Standings {
		var rs []string
		for _, r := range s.Results {
			mark := ""
			if r.Counted && c.Rules == circuit.EGP {
				mark = "*"
			}
			rs = append(rs, fmt.Sprintf("%s%s (%s %d)", points(r.Points), mark, r.Tournament, r.Position))
		}
		wof := ""
		if s.WOFID > 0 {
			wof = strconv.Itoa(s.WOFID)
		}
		note := ""
		if s.Decided {
			note = "  (winner by decision: " + table.Reason + ")"
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s%s\n", rankLabel(s.Rank, s.Equal), s.Name, s.Country, wof, points(s.Points), strings.Join(rs, ", "), note)
	}
	w.Flush()
	if c.Rules == circuit.EGP {
		b.WriteString("* counts: the best 4 results (EGP I.2.5)\n")
	} else {
		b.WriteString("every Regional counts (BOF Grand Prix 2)\n")
	}
	e.printf(e.stdout, "%s", b.String())
	return nil
}

func runCircuitShow(e *env, args []string) error {
	fs := e.newFlags("circuit show", circuitShowUsage)
	slug, rest, err := e.parseSlug(fs, args, 1, circuitShowUsage)
	if err != nil {
		return err
	}
	_, table, err := e.loadCircuit(slug)
	if err != nil {
		return err
	}
	key, err := table.FindIdentity(rest[0])
	if err != nil {
		return err
	}
	s, _ := table.Line(key)
	var b strings.Builder
	fmt.Fprintf(&b, "%s", s.Name)
	if s.Country != "" {
		fmt.Fprintf(&b, " (%s)", s.Country)
	}
	if s.WOFID > 0 {
		fmt.Fprintf(&b, ", WOF %d", s.WOFID)
	}
	fmt.Fprintf(&b, ": rank %s in %s, %s points\n", rankLabel(s.Rank, s.Equal), table.Name, points(s.Points))
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "tournament\tposition\tpoints\tcounts")
	for _, r := range s.Results {
		counts := "no"
		if r.Counted {
			counts = "yes"
		}
		fmt.Fprintf(w, "%s (%s)\t%d\t%s\t%s\n", table.Tournaments[r.Tournament], r.Tournament, r.Position, points(r.Points), counts)
	}
	w.Flush()
	e.printf(e.stdout, "%s", b.String())
	return nil
}
