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
	// Choice is the choice of colour or draw-win of a knockout game, when
	// recorded (WOC IV.9); nil for other games.
	Choice *Choice `json:"choice,omitempty"`
	// Result is nil until a result is entered.
	//
	// A Choice or Result in a game, and a Result's Board, are replaced,
	// never changed in place: copies of a tournament share them (Clone).
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
	// Expect, when set, is the score the caller saw stored (official or on
	// the board): a replacement is refused unless the game still has it,
	// so that two directors, or a director and a judge, never undo each
	// other's work by accident.
	Expect *Discs
	// AsRecorded enters a result as a file records it: a drawn game of a
	// one-game knockout match whose choice of colour or draw-win is not
	// recorded (an .ELO file has no place for it) stays a draw, and its
	// match waits, blocked, until the choice is recorded (blockedHelp),
	// instead of being refused.
	AsRecorded bool
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
	if e := opts.Expect; e != nil && !g.Result.Has(*e) {
		now := "no result"
		if g.Result != nil {
			now = g.Result.Summary()
		}
		return nil, Errorf(ECONFLICT, "round %d table %d has %s, not the %d-%d expected: it was changed meanwhile; nothing was saved", n, table, now, e.Black, e.White)
	}
	if res != nil {
		if res, err = t.settleDraw(n, table, g, res, opts.AsRecorded); err != nil {
			return nil, err
		}
	}
	g.Result = res
	return g, nil
}

// Has reports whether r is the score d: its official discs, or the discs on
// the board when they differ. A nil result has no score.
func (r *Result) Has(d Discs) bool {
	if r == nil {
		return false
	}
	return (Discs{r.BlackDiscs, r.WhiteDiscs}) == d || (r.Board != nil && *r.Board == d)
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
