package outflank

import "outflank/othello"

// Check verifies a result read from a file (not typed by a director): that
// its official score is possible and agrees with its outcome, its transcript
// and these settings. ScoreResult's results always pass.
func (s Settings) Check(r *Result) error {
	if _, err := ParseOutcome(string(r.Outcome)); err != nil {
		return err
	}
	if r.BlackDiscs < 0 || r.WhiteDiscs < 0 || r.BlackDiscs+r.WhiteDiscs != 64 {
		return Errorf(EINVALID, "official score %d-%d: each side 0 to 64, adding up to 64", r.BlackDiscs, r.WhiteDiscs)
	}
	official := Discs{r.BlackDiscs, r.WhiteDiscs}
	if r.DiscsUnknown {
		nominal := official == Discs{33, 31} || official == Discs{31, 33} || official == Discs{32, 32}
		if r.Outcome != OutcomeNormal || !nominal || r.Moves != "" || r.Board != nil {
			return Errorf(EINVALID, "a result with unknown discs is a normal result counted 33-31 or 32-32, without board or transcript")
		}
	}
	if r.Board != nil {
		if err := checkBoard(*r.Board); err != nil {
			return err
		}
	}
	if r.Moves != "" {
		g, err := othello.ReplayTranscript(r.Moves)
		if err != nil {
			return Errorf(EINVALID, "transcript: %s", trimPackage(err.Error()))
		}
		b, w, _ := g.Final().Discs()
		if r.Outcome == OutcomeNormal && (!g.Finished() || officialScore(Discs{b, w}) != official) {
			return Errorf(EINVALID, "the transcript ends %d-%d%s, which does not give the official score %d-%d", b, w, unfinishedNote(g.Finished(), len(g.Moves)), r.BlackDiscs, r.WhiteDiscs)
		}
	}
	side := func(s Side, what string) error {
		if _, err := ParseSide(string(s)); err != nil {
			return Errorf(EINVALID, "%s: %s", what, ErrorMessage(err))
		}
		return nil
	}
	switch r.Outcome {
	case OutcomeNormal:
		if r.Board != nil && officialScore(*r.Board) != official {
			return Errorf(EINVALID, "board %d-%d does not give the official score %d-%d", r.Board.Black, r.Board.White, r.BlackDiscs, r.WhiteDiscs)
		}
	case OutcomeTimeDefault:
		if err := side(r.Defaulter, "defaulter"); err != nil {
			return err
		}
		if won := (Result{BlackDiscs: r.BlackDiscs, WhiteDiscs: r.WhiteDiscs}); won.winnerSide() != r.Defaulter.Other() {
			return Errorf(EINVALID, "a time default is lost by the defaulter (%s), not %d-%d", r.Defaulter, r.BlackDiscs, r.WhiteDiscs)
		}
	case OutcomeForfeit, OutcomeUnplayed:
		if err := side(r.Loser, "loser"); err != nil {
			return err
		}
		want := Result{}
		if r.Outcome == OutcomeForfeit {
			want.setDiscs(r.Loser, 0, 64)
		} else {
			want.setDiscs(r.Loser, s.UnplayedDiscs[0], s.UnplayedDiscs[1])
		}
		if want.BlackDiscs != r.BlackDiscs {
			return Errorf(EINVALID, "a %s lost by %s scores %d-%d, not %d-%d", r.Outcome, r.Loser, want.BlackDiscs, want.WhiteDiscs, r.BlackDiscs, r.WhiteDiscs)
		}
	case OutcomePenalty:
		if r.Reason == "" {
			return Errorf(EINVALID, "a penalty needs a reason (WOC V.2)")
		}
	case OutcomeDrawWin:
		if err := side(r.Winner, "winner"); err != nil {
			return err
		}
		if official != (Discs{32, 32}) {
			return Errorf(EINVALID, "a draw-win is a 32-32 game, not %d-%d", r.BlackDiscs, r.WhiteDiscs)
		}
	}
	return nil
}

// winnerSide returns the side with more official discs, or "" for a draw.
func (r *Result) winnerSide() Side {
	switch {
	case r.BlackDiscs > r.WhiteDiscs:
		return Black
	case r.WhiteDiscs > r.BlackDiscs:
		return White
	}
	return ""
}

func trimPackage(msg string) string {
	if len(msg) > 9 && msg[:9] == "othello: " {
		return msg[9:]
	}
	return msg
}
