package outflank

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"outflank/circuit"
)

// The changes of a circuit, as 'outflank circuit' and the console make
// them: each checks what the rules say and writes one audited event.

// CircuitName is a new circuit's name when none is given: "European Grand
// Prix 2026", "BOF Grand Prix 2026".
func CircuitName(r circuit.Rules, year int) string {
	return map[circuit.Rules]string{circuit.EGP: "European Grand Prix", circuit.BOFGP: "BOF Grand Prix"}[r] + " " + strconv.Itoa(year)
}

// AddCircuitTournaments adds tournaments of the database to circuit slug.
// The warnings name those played outside the circuit's year.
func AddCircuitTournaments(ctx context.Context, cs CircuitStore, ts Store, slug string, tours []string) ([]string, error) {
	list, err := ts.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	known := map[string]TournamentSummary{}
	for _, t := range list {
		known[t.Slug] = t
	}
	var year int
	err = cs.UpdateCircuit(ctx, slug, CircuitAdd, func(c *Circuit) (string, error) {
		year = c.Year
		for _, s := range tours {
			t, ok := known[s]
			if !ok {
				return "", Errorf(ENOTFOUND, "no tournament %q in this database: 'outflank import FILE' brings one in, 'outflank list' lists them", s)
			}
			if err := c.AddTournament(t); err != nil {
				return "", err
			}
		}
		return fmt.Sprintf("added %s", strings.Join(tours, ", ")), nil
	})
	if err != nil {
		return nil, err
	}
	var warnings []string
	for _, s := range tours {
		if d := known[s].Date; len(d) >= 4 && d[:4] != strconv.Itoa(year) {
			warnings = append(warnings, fmt.Sprintf("tournament %s was played on %s, not in the circuit's year %d", s, d, year))
		}
	}
	return warnings, nil
}

// RemoveCircuitTournaments takes tournaments out of circuit slug.
func RemoveCircuitTournaments(ctx context.Context, cs CircuitStore, slug string, tours []string) error {
	return cs.UpdateCircuit(ctx, slug, CircuitRemove, func(c *Circuit) (string, error) {
		for _, s := range tours {
			if err := c.RemoveTournament(s); err != nil {
				return "", err
			}
		}
		return fmt.Sprintf("removed %s", strings.Join(tours, ", ")), nil
	})
}

// LinkCircuitPlayers records that player b of circuit slug is player a
// (each named as FindIdentity reads it): the standings then show one
// player, named as a. Two players of one tournament are two people.
func LinkCircuitPlayers(ctx context.Context, cs CircuitStore, ts Store, slug, a, b string) error {
	_, table, err := LoadCircuit(ctx, cs, ts, slug)
	if err != nil {
		return err
	}
	ka, err := table.FindIdentity(a)
	if err != nil {
		return err
	}
	kb, err := table.FindIdentity(b)
	if err != nil {
		return err
	}
	if t, ok := table.SharesTournament(ka, kb); ok {
		return Errorf(ECONFLICT, "%s and %s both played %s: they are two people, not linked", a, b, t)
	}
	return cs.UpdateCircuit(ctx, slug, CircuitLinkAction, func(c *Circuit) (string, error) {
		return fmt.Sprintf("linked %s to %s: one player", b, a), c.Link(ka, kb)
	})
}

// DecideCircuit records the play-off game or the coin toss that made
// winner the winner of a BOF Grand Prix tied after comparing best results
// (BOF GP 6), with its reason.
func DecideCircuit(ctx context.Context, cs CircuitStore, ts Store, slug, winner, reason string) error {
	c, table, err := LoadCircuit(ctx, cs, ts, slug)
	if err != nil {
		return err
	}
	if c.Rules != circuit.BOFGP {
		return Errorf(EINVALID, "circuit %s follows the EGP rules: players still tied are considered equal (EGP I.2.5), no decision is recorded", slug)
	}
	key, err := table.FindIdentity(winner)
	if err != nil {
		return err
	}
	s, _ := table.Line(key)
	if !s.Undecided && !s.Decided {
		return Errorf(EINVALID, "%s is not tied for first place after comparing best results (BOF Grand Prix 6): no decision is needed", winner)
	}
	return cs.UpdateCircuit(ctx, slug, CircuitDecide, func(c *Circuit) (string, error) {
		return fmt.Sprintf("decided the winner: %s (%s)", winner, reason), c.Decide(key, reason)
	})
}
