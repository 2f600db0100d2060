package outflank

import (
	"fmt"
	"strings"
)

// recordOver is the status of an event imported from its .ELO result file
// (Settings.Record) once every game it holds has a result: complete, as
// the file records it. A file is sent to the WOF when the event is over,
// so a stage its ruleset plans that the file does not hold was not played
// there, or not recorded: nothing is left to pair, and the status says
// which matches the file lacks. A director may still pair them ('pair'
// goes on with a record): once one is begun, the status is the stages'.
// over is false for any other event.
func (t *Tournament) recordOver(k knockoutState) (s Step, over bool) {
	if !t.Settings.Record {
		return Step{}, false
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				return Step{}, false
			}
		}
	}
	headline := t.championText(k)
	var missing []string
	for _, m := range k.open() {
		if len(m.Games) > 0 {
			// A match begun: the stages are being played here, after
			// the import (pair goes on with a record), so the status is
			// theirs.
			return Step{}, false
		}
		missing = append(missing, m.Label)
	}
	if k.pending && len(missing) == 0 {
		missing = append(missing, "playoffs")
	}
	if len(missing) > 0 {
		headline = fmt.Sprintf("the event is over, as its result file records it; no game of the file is the %s, so those places are the final list's", strings.Join(missing, ", "))
	}
	return Step{Done: true, Headline: headline}, true
}
