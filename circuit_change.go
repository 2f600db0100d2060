package outflank

import (
	"context"
	"fmt"
	"slices"
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
// (BOF GP 6), with its reason. A decision already recorded is replaced
// (a wrong name, a play-off replayed): the players tied are those tied
// without it, and the log says what was decided before.
func DecideCircuit(ctx context.Context, cs CircuitStore, ts Store, slug, winner, reason string) error {
	c, err := cs.Circuit(ctx, slug)
	if err != nil {
		return err
	}
	if c.Rules != circuit.BOFGP {
		return Errorf(EINVALID, "circuit %s follows the EGP rules: players still tied are considered equal (EGP I.2.5), no decision is recorded", slug)
	}
	before, beforeReason := c.Winner, c.Reason
	table, err := undecidedTable(ctx, ts, c)
	if err != nil {
		return err
	}
	key, err := table.FindIdentity(winner)
	if err != nil {
		return err
	}
	s, _ := table.Line(key)
	if !s.Undecided {
		return Errorf(EINVALID, "%s is not tied for first place after comparing best results (BOF Grand Prix 6): no decision is needed", winner)
	}
	summary := fmt.Sprintf("decided the winner: %s (%s)", winner, reason)
	if before != "" {
		if before == key && beforeReason == reason {
			return Errorf(EINVALID, "%s is already recorded as the winner of circuit %s, for this reason", winner, slug)
		}
		was := before
		if line, ok := table.Line(before); ok {
			was = line.Name
		}
		summary = fmt.Sprintf("replaced the decision: %s (%s) instead of %s (%s)", winner, reason, was, beforeReason)
	}
	return cs.UpdateCircuit(ctx, slug, CircuitDecide, func(c *Circuit) (string, error) {
		if c.Winner != before {
			return "", Errorf(ECONFLICT, "the decision of circuit %s changed meanwhile: look at its log and decide again", slug)
		}
		return summary, c.Decide(key, reason)
	})
}

// undecidedTable is the standings of c without its recorded decision:
// who is tied for first place, whom a decision may name.
func undecidedTable(ctx context.Context, ts Store, c *Circuit) (*CircuitTable, error) {
	tours, err := circuitTournaments(ctx, ts, c)
	if err != nil {
		return nil, err
	}
	open := *c
	open.Winner, open.Reason = "", ""
	return open.Standings(tours)
}

// TiedForFirst lists the players of c tied for first place after
// comparing best results, as if no decision were recorded (BOF GP 6): those
// a decision, or the one replacing it, may name.
func TiedForFirst(ctx context.Context, ts Store, c *Circuit) ([]CircuitStanding, error) {
	if c.Rules != circuit.BOFGP {
		return nil, nil
	}
	table, err := undecidedTable(ctx, ts, c)
	if err != nil {
		return nil, err
	}
	var tied []CircuitStanding
	for _, s := range table.Standings {
		if s.Undecided {
			tied = append(tied, s)
		}
	}
	return tied, nil
}

// UnlinkCircuitPlayer takes back a link of circuit slug: player b, named
// as 'circuit link' named him (WOF id, name, or name with country), is
// again a player of his own in the standings.
func UnlinkCircuitPlayer(ctx context.Context, cs CircuitStore, slug, b string) error {
	return cs.UpdateCircuit(ctx, slug, CircuitUnlink, func(c *Circuit) (string, error) {
		var found []CircuitLink
		for _, l := range c.Links {
			if slices.Contains(linkRefs(l.From), b) {
				found = append(found, l)
			}
		}
		switch len(found) {
		case 0:
			return "", Errorf(ENOTFOUND, "%s is not linked to another player in circuit %s: 'outflank circuit log %s' shows the links made", b, slug, slug)
		case 1:
		default:
			return "", Errorf(EINVALID, "%q names %d linked players of circuit %s: give the WOF id, or the name with the country (NAME (CCC))", b, len(found), slug)
		}
		if err := c.Unlink(found[0].From); err != nil {
			return "", err
		}
		return fmt.Sprintf("unlinked %s from %s: two players again", CircuitKeyName(found[0].From), CircuitKeyName(found[0].To)), nil
	})
}

// linkRefs are the ways a command may name the identity key.
func linkRefs(key string) []string {
	if n, ok := strings.CutPrefix(key, "wof:"); ok {
		return []string{key, n}
	}
	if nc, ok := strings.CutPrefix(key, "name:"); ok {
		name, country, _ := strings.Cut(nc, "|")
		refs := []string{key, name}
		if country != "" {
			refs = append(refs, fmt.Sprintf("%s (%s)", name, country))
		}
		return refs
	}
	return []string{key}
}

// CircuitKeyName names an identity key in words: "WOF 123", "SMITH, Ann
// (GBR)".
func CircuitKeyName(key string) string {
	if n, ok := strings.CutPrefix(key, "wof:"); ok {
		return "WOF " + n
	}
	refs := linkRefs(key)
	return refs[len(refs)-1]
}

// UndoCircuitChange reverts the latest change of circuit slug that is not
// undone yet (CircuitUndoTarget), and returns what it undid.
func UndoCircuitChange(ctx context.Context, cs CircuitStore, slug string) (string, error) {
	return cs.UndoCircuit(ctx, slug)
}
