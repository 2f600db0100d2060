package outflank

import (
	"encoding/json"
	"fmt"
	"outflank/words"
	"slices"
)

// circuitState is what a circuit's changes modify, as its log keeps it
// before each change: undoing a change puts it back.
type circuitState struct {
	Tournaments []string      `json:"tournaments"`
	Links       []CircuitLink `json:"links"`
	Winner      string        `json:"winner,omitempty"`
	Reason      string        `json:"reason,omitempty"`
}

// CircuitState is c's tournaments, links and decision as JSON: what a
// circuit's log keeps before each change (CircuitEvent.Before).
func CircuitState(c *Circuit) []byte {
	data, _ := json.Marshal(circuitState{Tournaments: c.Tournaments, Links: c.Links, Winner: c.Winner, Reason: c.Reason})
	return data
}

// SetCircuitState puts back in c a state CircuitState gave.
func SetCircuitState(c *Circuit, state []byte) error {
	var s circuitState
	if err := json.Unmarshal(state, &s); err != nil {
		return Errorf(EINTERNAL, "the state kept of circuit %s cannot be read: %v", c.Slug, err)
	}
	c.Tournaments, c.Links, c.Winner, c.Reason = s.Tournaments, s.Links, s.Winner, s.Reason
	return nil
}

// CircuitUndoTarget returns the entry of log (oldest first) that undoing
// circuit slug reverts: the latest that is neither an undo nor undone, as
// a tournament's undo does. The circuit's creation is never undone (delete
// the circuit instead), nor an entry recorded before changes could be
// undone, which keeps no state to put back.
func CircuitUndoTarget(slug string, log []CircuitEvent) (*CircuitEvent, error) {
	undone := map[int64]bool{}
	for _, e := range log {
		if e.Undoes != 0 {
			undone[e.Undoes] = true
		}
	}
	for i := len(log) - 1; i >= 0; i-- {
		e := &log[i]
		if e.Action == CircuitUndo || undone[e.ID] {
			continue
		}
		if e.Action == CircuitCreate {
			break
		}
		if e.Before == nil {
			return nil, Errorf(EINVALID, "the latest change of circuit %s (#%d: %s) was recorded before changes could be undone: make the change back by hand", slug, e.ID, e.Summary)
		}
		return e, nil
	}
	return nil, Errorf(EINVALID, "nothing to undo in circuit %s: every change since it was created has been undone; 'outflank circuit delete %s' deletes it", slug, slug)
}

// CircuitUndoSummary is the summary of the undo of e.
func CircuitUndoSummary(e *CircuitEvent) string {
	return fmt.Sprintf("undid #%d (%s)", e.ID, e.Summary)
}

// Unlink takes back the link that merged identity b into another: the
// two are again two players in the standings.
func (c *Circuit) Unlink(b string) error {
	i := slices.IndexFunc(c.Links, func(l CircuitLink) bool { return l.From == b })
	if i < 0 {
		return Errorf(ENOTFOUND, "%s is not linked to another player in circuit %s: 'outflank circuit log %s' shows the links made", b, c.Slug, c.Slug)
	}
	// A link made to b is now made to the one b was merged into, so that
	// unlinking b leaves every other link as it means.
	to := c.Links[i].To
	c.Links = slices.Delete(c.Links, i, i+1)
	for j := range c.Links {
		if c.Links[j].To == b {
			c.Links[j].To = to
		}
	}
	if c.Winner == b {
		c.Winner, c.Reason = "", ""
	}
	return nil
}

// CircuitDeletionSummary is the line of the accounts' log that deletes
// a circuit.
func CircuitDeletionSummary(c *Circuit, log []CircuitEvent) string {
	return fmt.Sprintf("deleted circuit %s (%s): %s, %s; kept to restore", c.Slug, c.Name, words.Count(len(c.Tournaments), "tournament"), words.Count(len(log), "log entry"))
}
