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
// The warnings name those played outside the circuit's year and those not
// finished.
func AddCircuitTournaments(ctx context.Context, cs CircuitStore, ts Store, slug string, tours []string) ([]string, error) {
	return AddCircuitTournamentsForced(ctx, cs, ts, slug, tours, "")
}

// AddCircuitTournamentsForced is AddCircuitTournaments that, given the
// reason force, adds a tournament of another federation's ruleset all the
// same (recorded in the circuit's log with the reason). Without it such a
// tournament is refused (ForeignRuleset). A tournament not finished is
// added with a warning: a circuit is published during its year, and its
// points from that tournament are provisional until it ends.
func AddCircuitTournamentsForced(ctx context.Context, cs CircuitStore, ts Store, slug string, tours []string, force string) ([]string, error) {
	list, err := ts.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	known := map[string]TournamentSummary{}
	for _, t := range list {
		known[t.Slug] = t
	}
	force = strings.Join(strings.Fields(force), " ")
	var year int
	var forced []string
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
			if err := c.ForeignRuleset(t); err != nil {
				if force == "" {
					return "", err
				}
				forced = append(forced, fmt.Sprintf("%s (rules %s)", s, t.Rules))
			}
		}
		summary := fmt.Sprintf("added %s", strings.Join(tours, ", "))
		if len(forced) > 0 {
			summary += fmt.Sprintf("; forced, though not under the circuit's rules: %s, because %s", strings.Join(forced, ", "), force)
		}
		return summary, nil
	})
	if err != nil {
		return nil, err
	}
	var warnings []string
	for _, s := range tours {
		if d := known[s].Date; len(d) >= 4 && d[:4] != strconv.Itoa(year) {
			warnings = append(warnings, fmt.Sprintf("tournament %s was played on %s, not in the circuit's year %d", s, d, year))
		}
		if w, err := unfinished(ctx, ts, s); err != nil {
			return warnings, err
		} else if w != "" {
			warnings = append(warnings, w)
		}
	}
	return warnings, nil
}

// unfinished warns, loudly, of a circuit's tournament not finished: the
// places it gives are those of its standings so far, not its order of
// finish, and so are its circuit points.
func unfinished(ctx context.Context, ts Store, slug string) (string, error) {
	t, err := ts.Tournament(ctx, slug)
	if err != nil {
		return "", err
	}
	return unfinishedWarning(t), nil
}

// unfinishedWarning is unfinished for a tournament loaded.
func unfinishedWarning(t *Tournament) string {
	if len(t.Players) == 0 {
		return fmt.Sprintf("TOURNAMENT NOT FINISHED: %s has no players yet: it gives no circuit points until it is played", t.Slug)
	}
	if t.Status().Done {
		return ""
	}
	return fmt.Sprintf("TOURNAMENT NOT FINISHED: %s is not finished: the circuit points it gives are those of its standings so far, provisional until it ends", t.Slug)
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
