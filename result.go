package outflank

// Side is a colour in a game: "black" or "white".
type Side string

const (
	Black Side = "black"
	White Side = "white"
)

// ParseSide checks a side named on the command line or in a file.
func ParseSide(s string) (Side, error) {
	switch Side(s) {
	case Black, White:
		return Side(s), nil
	}
	return "", Errorf(EINVALID, "side %q: use black or white", s)
}

// Other returns the opposite side.
func (s Side) Other() Side {
	if s == Black {
		return White
	}
	return Black
}

// Outcome is how a game ended, which decides how it is scored.
type Outcome string

const (
	// OutcomeNormal: played to the end; the official score counts the
	// discs with the empty squares for the winner, a draw 32-32 (WOC IV.8,
	// BOF 9).
	OutcomeNormal Outcome = "normal"
	// OutcomeTimeDefault: a flag fell (WOC IV.6, EGP IV.6, AOF 2.6, BOF 13-14).
	OutcomeTimeDefault Outcome = "time-default"
	// OutcomeForfeit: a player could not or would not complete the game, or
	// resigned: 64-0 to the opponent (WOC IV.8, EGP IV.8).
	OutcomeForfeit Outcome = "forfeit"
	// OutcomeUnplayed: a player did not play (late arrival, early leaver):
	// the ruleset's unplayed score, 20-44 under BOF general rule 11.
	OutcomeUnplayed Outcome = "unplayed"
	// OutcomePenalty: the director changed the score, awarded the game or
	// declared it a draw (WOC V.2 b-c); a reason is required.
	OutcomePenalty Outcome = "penalty"
	// OutcomeDrawWin: a drawn game (32-32) won by the player who held the
	// draw-win (WOC IV.9, AOF Appendix C).
	OutcomeDrawWin Outcome = "draw-win"
)

// ParseOutcome checks an outcome name.
func ParseOutcome(s string) (Outcome, error) {
	switch o := Outcome(s); o {
	case OutcomeNormal, OutcomeTimeDefault, OutcomeForfeit, OutcomeUnplayed, OutcomePenalty, OutcomeDrawWin:
		return o, nil
	}
	return "", Errorf(EINVALID, "unknown outcome %q: use normal, time-default, forfeit, unplayed, penalty or draw-win", s)
}

// Discs is a pair of disc counts, black's first.
type Discs struct {
	Black int `json:"black"`
	White int `json:"white"`
}

// Result is the result of a game as it counts: the official discs, and what
// the director entered to get them.
type Result struct {
	Outcome Outcome `json:"outcome"`
	// BlackDiscs and WhiteDiscs are the official score: what counts for the
	// disc count and the Brightwell quotient. They always add up to 64.
	BlackDiscs int `json:"black_discs"`
	WhiteDiscs int `json:"white_discs"`
	// Board is the discs on the board at the end, when known and different
	// from the official score (empty squares, a time default, a penalty).
	Board *Discs `json:"board,omitempty"`
	// Moves is the transcript, when recorded.
	Moves string `json:"moves,omitempty"`
	// Defaulter is the player whose flag fell first (time-default).
	Defaulter Side `json:"defaulter,omitempty"`
	// DefaulterFlags (1 or 2) and OpponentFlags (0 to 2) count the flag
	// falls of a time default; see Settings.scoreTimeDefault.
	DefaulterFlags int `json:"defaulter_flags,omitempty"`
	OpponentFlags  int `json:"opponent_flags,omitempty"`
	// Loser is the player who forfeited or did not play.
	Loser Side `json:"loser,omitempty"`
	// Winner is the holder of the draw-win.
	Winner Side `json:"winner,omitempty"`
	// Reason explains a penalty or a forfeit.
	Reason string `json:"reason,omitempty"`
	// DiscsUnknown marks a result known only by its winner (a result-only
	// line of a WOF .ELO file, or one whose discs are placeholders): it
	// counts nominally 33-31, or 32-32 for a draw.
	DiscsUnknown bool `json:"discs_unknown,omitempty"`
}

// NominalResult returns the result of a game whose winner is known but not
// its discs: 33-31 for the winner (the narrowest win), 32-32 for a draw.
// winner is "" for a draw.
func NominalResult(winner Side) *Result {
	r := &Result{Outcome: OutcomeNormal, BlackDiscs: 32, WhiteDiscs: 32, DiscsUnknown: true}
	if winner != "" {
		r.setDiscs(winner, 33, 31)
	}
	return r
}

// Points returns the tournament points of the two players: 1 for a win, ½
// for a draw, 0 for a loss. The winner is the player with more official
// discs, except in a draw-win, whose holder wins the drawn game.
func (r *Result) Points() (black, white float64) {
	switch {
	case r.Outcome == OutcomeDrawWin && r.Winner == Black:
		return 1, 0
	case r.Outcome == OutcomeDrawWin && r.Winner == White:
		return 0, 1
	case r.BlackDiscs > r.WhiteDiscs:
		return 1, 0
	case r.WhiteDiscs > r.BlackDiscs:
		return 0, 1
	}
	return 0.5, 0.5
}
