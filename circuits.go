package outflank

import (
	"context"
	"slices"
	"strings"
	"time"

	"outflank/circuit"
	"outflank/rules"
)

// Circuit is a year's series of tournaments whose final rankings give
// points: the European Grand Prix (EGP I.2.5) or the BOF Grand Prix (BOF
// rules, Grand Prix 1-6).
type Circuit struct {
	Slug  string
	Name  string
	Rules circuit.Rules
	Year  int
	// Tournaments are the slugs of the circuit's tournaments, in the order
	// they were added.
	Tournaments []string
	// Links merge identities: each link's From is the same person as To.
	Links []CircuitLink
	// Winner is the identity a director's decision made the winner (BOF
	// GP 6: a play-off game or a coin toss), "" when none is recorded.
	Winner string
	Reason string
}

// CircuitLink records that two identities are one person.
type CircuitLink struct{ From, To string }

// CircuitEvent is an entry of a circuit's log.
type CircuitEvent struct {
	ID      int64     `json:"id"`
	Circuit string    `json:"circuit"`
	At      time.Time `json:"at"`
	Actor   string    `json:"actor"`
	Action  string    `json:"action"`
	Summary string    `json:"summary"`
	// Undoes is the entry an undo reverted (0 for other entries).
	Undoes int64 `json:"undoes,omitempty"`
	// Before is the circuit as it was before the change (CircuitState),
	// what undoing it puts back; nil in entries recorded before changes
	// could be undone.
	Before []byte `json:"-"`
}

// The actions of a circuit's log.
const (
	CircuitCreate     = "circuit.create"
	CircuitAdd        = "circuit.add"
	CircuitRemove     = "circuit.remove"
	CircuitLinkAction = "circuit.link"
	CircuitDecide     = "circuit.decide"
	CircuitUnlink     = "circuit.unlink"
	CircuitUndo       = "circuit.undo"
)

// CircuitStore keeps circuits. Each method is one transaction.
type CircuitStore interface {
	// CreateCircuit stores a new circuit.
	CreateCircuit(ctx context.Context, c *Circuit) error
	// Circuit returns the circuit with slug.
	Circuit(ctx context.Context, slug string) (*Circuit, error)
	// Circuits lists the circuits, the most recent year first.
	Circuits(ctx context.Context) ([]Circuit, error)
	// UpdateCircuit loads the circuit, lets change modify it (with the
	// methods of Circuit, which enforce the rules) and stores it with an
	// event of action whose summary change returns. If change fails,
	// nothing is written.
	UpdateCircuit(ctx context.Context, slug, action string, change func(c *Circuit) (string, error)) error
	// CircuitLog returns the circuit's events, oldest first.
	CircuitLog(ctx context.Context, slug string) ([]CircuitEvent, error)
	// UndoCircuit reverts the latest change of the circuit that is neither
	// an undo nor undone (CircuitUndoTarget) and records that as an entry
	// of its own, whose summary it returns.
	UndoCircuit(ctx context.Context, slug string) (string, error)
}

// Validate checks a new circuit.
func (c *Circuit) Validate() error {
	if !slugPattern.MatchString(c.Slug) {
		return Errorf(EINVALID, "circuit slug %q: use lower-case letters, digits and dashes (egp-2026)", c.Slug)
	}
	if _, err := circuit.ParseRules(string(c.Rules)); err != nil {
		return Errorf(EINVALID, "circuit rules %q: use egp (EGP I.2.5) or bof-gp (BOF Grand Prix)", c.Rules)
	}
	if c.Year < 1970 || c.Year > 9999 {
		return Errorf(EINVALID, "circuit year %d: give the year as YYYY", c.Year)
	}
	if strings.TrimSpace(c.Name) == "" {
		return Errorf(EINVALID, "circuit %s: give a name (--name)", c.Slug)
	}
	return nil
}

// AddTournament adds a tournament to the circuit. A BOF Grand Prix takes
// Regionals only (BOF GP 1).
func (c *Circuit) AddTournament(t TournamentSummary) error {
	if slices.Contains(c.Tournaments, t.Slug) {
		return Errorf(ECONFLICT, "tournament %s is already in circuit %s", t.Slug, c.Slug)
	}
	if c.Rules == circuit.BOFGP && t.Rules != rules.BOFRegional {
		return Errorf(EINVALID, "tournament %s has rules %s: only Regionals count towards BOF Grand Prix points (BOF Grand Prix 1); add bof-regional tournaments only", t.Slug, t.Rules)
	}
	c.Tournaments = append(c.Tournaments, t.Slug)
	return nil
}

// ForeignRuleset refuses a tournament of another federation's ruleset in
// an EGP circuit: the EGP is a set of tournaments organised under the
// EGP's rules (EGP I.1, I.2.1), so a WOC, AOF or BOF event gives no EGP
// points unless the secretary says why it should (a forced addition). A
// custom event, whose ruleset is nobody's (an .ELO file imported without
// --rules), is accepted: its order of finish is its final list. A BOF
// Grand Prix takes Regionals only, which AddTournament checks.
func (c *Circuit) ForeignRuleset(t TournamentSummary) error {
	if c.Rules != circuit.EGP || t.Rules == rules.EGP || t.Rules == rules.Custom {
		return nil
	}
	return Errorf(EINVALID, "tournament %s has rules %s, another federation's: an EGP circuit counts the tournaments played under EGP rules (EGP I.1, I.2.1), whose finals decide the places; import it under the EGP's rules, or give the reason it counts all the same to add it anyway", t.Slug, t.Rules)
}

// RemoveTournament takes a tournament out of the circuit.
func (c *Circuit) RemoveTournament(slug string) error {
	i := slices.Index(c.Tournaments, slug)
	if i < 0 {
		return Errorf(ENOTFOUND, "tournament %s is not in circuit %s: 'outflank circuit standings %s' lists its tournaments", slug, c.Slug, c.Slug)
	}
	c.Tournaments = slices.Delete(c.Tournaments, i, i+1)
	return nil
}

// canonical follows the links from key to the identity it is merged into.
func (c *Circuit) canonical(key string) string {
	for range len(c.Links) + 1 {
		next := ""
		for _, l := range c.Links {
			if l.From == key {
				next = l.To
			}
		}
		if next == "" {
			return key
		}
		key = next
	}
	return key
}

// Link records that identity b is the same person as identity a.
func (c *Circuit) Link(a, b string) error {
	a, b = c.canonical(a), c.canonical(b)
	if a == b {
		return Errorf(ECONFLICT, "these are already one player in circuit %s", c.Slug)
	}
	c.Links = append(c.Links, CircuitLink{From: b, To: a})
	return nil
}

// Decide records a director's decision of the winner (BOF GP 6).
func (c *Circuit) Decide(key, reason string) error {
	if strings.TrimSpace(reason) == "" {
		return Errorf(EINVALID, "give the reason of the decision (--reason): the play-off game or the coin toss of BOF Grand Prix 6")
	}
	c.Winner, c.Reason = c.canonical(key), reason
	return nil
}

// CircuitRulesName names a circuit's rules and the rule they follow.
func CircuitRulesName(r circuit.Rules) string {
	if r == circuit.EGP {
		return "EGP (EGP rules 2014, I.2.5)"
	}
	return "BOF Grand Prix (BOF rules 2019, Grand Prix 1-6)"
}
