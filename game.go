package outflank

import (
	"fmt"
	"strconv"
)

// Game is one game of a round.
type Game struct {
	Table int `json:"table"`
	Black int `json:"black"`
	White int `json:"white"`
	// Result is nil until a result is entered.
	Result *Result `json:"result,omitempty"`
	// Version is the stored row's version, for refusing a write based on a
	// stale read (see ResultOptions.IfVersion); 0 for a game never stored.
	Version int `json:"-"`
}

// ResultOptions qualify SetResult.
type ResultOptions struct {
	// Replace allows overwriting a result already entered.
	Replace bool
	// IfVersion, when not 0, is the version of the game the caller saw: the
	// result is refused if the game changed since.
	IfVersion int
}

// SetResult enters the result of the game at table in round n. A game that
// already has a result keeps it unless opts.Replace is set, so that two
// directors entering the same game never silently overwrite each other.
func (t *Tournament) SetResult(n, table int, res *Result, opts ResultOptions) (*Game, error) {
	g, err := t.Game(n, table)
	if err != nil {
		return nil, err
	}
	if opts.IfVersion != 0 && opts.IfVersion != g.Version {
		return nil, Errorf(ECONFLICT, "round %d table %d changed since you read it (version %d, now %d): reload and try again", n, table, opts.IfVersion, g.Version)
	}
	if g.Result != nil && !opts.Replace {
		return nil, Errorf(ECONFLICT, "round %d table %d already has a result (%s): add --replace to change it", n, table, g.Result.Summary())
	}
	g.Result = res
	return g, nil
}

// Summary describes a result in a few words: "40-24", "33-31 time default by white".
func (r *Result) Summary() string {
	s := fmt.Sprintf("%d-%d", r.BlackDiscs, r.WhiteDiscs)
	switch r.Outcome {
	case OutcomeNormal:
		return s
	case OutcomeTimeDefault:
		return s + " time default by " + string(r.Defaulter)
	case OutcomeForfeit:
		return s + " forfeit by " + string(r.Loser)
	case OutcomeUnplayed:
		return s + " unplayed by " + string(r.Loser)
	case OutcomeDrawWin:
		return s + " draw-win to " + string(r.Winner)
	}
	return s + " " + string(r.Outcome)
}

func itoa(n int) string { return strconv.Itoa(n) }
