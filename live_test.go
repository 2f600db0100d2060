package outflank_test

import (
	"strings"
	"testing"

	"outflank"
)

// TestLiveRecordProtocol: the judge's transcripts, numbered, arrive in any
// order, twice, or after a batch made offline: the game keeps the highest
// numbered, checked by othello, and never takes a move twice.
func TestLiveRecordProtocol(t *testing.T) {
	type send struct {
		seq   int64
		moves string
		want  outflank.Recorded
		err   string // the error's code, when refused
	}
	for _, c := range []struct {
		name  string
		sends []send
		seq   int64
		moves string
	}{
		{"in order", []send{{1, "f5", outflank.RecordApplied, ""}, {2, "f5d6", outflank.RecordApplied, ""}, {3, "f5d6c3", outflank.RecordApplied, ""}}, 3, "f5d6c3"},
		{"resent: a duplicate", []send{{1, "f5", outflank.RecordApplied, ""}, {1, "f5", outflank.RecordDuplicate, ""}, {2, "f5d6", outflank.RecordApplied, ""}, {2, "F5 D6", outflank.RecordDuplicate, ""}}, 2, "f5d6"},
		{"out of order: the older is ignored", []send{{2, "f5d6", outflank.RecordApplied, ""}, {1, "f5", outflank.RecordStale, ""}, {3, "f5d6c3", outflank.RecordApplied, ""}}, 3, "f5d6c3"},
		{"an offline batch: only the last is sent", []send{{1, "f5", outflank.RecordApplied, ""}, {7, "f5d6c3d3c4f4f6", outflank.RecordApplied, ""}}, 7, "f5d6c3d3c4f4f6"},
		{"a take-back is a shorter transcript, numbered on", []send{{1, "f5", outflank.RecordApplied, ""}, {2, "f5d6", outflank.RecordApplied, ""}, {3, "f5", outflank.RecordApplied, ""}, {4, "f5f6", outflank.RecordApplied, ""}}, 4, "f5f6"},
		{"a take-back to the start", []send{{1, "f5", outflank.RecordApplied, ""}, {2, "", outflank.RecordApplied, ""}}, 2, ""},
		{"a late take-back is stale", []send{{1, "f5", outflank.RecordApplied, ""}, {3, "f5d6c3", outflank.RecordApplied, ""}, {2, "", outflank.RecordStale, ""}}, 3, "f5d6c3"},
		{"an illegal move is refused, the game unchanged", []send{{1, "f5", outflank.RecordApplied, ""}, {2, "f5a1", 0, outflank.EINVALID}, {2, "f5d6", outflank.RecordApplied, ""}}, 2, "f5d6"},
		{"not a square", []send{{1, "f5z9", 0, outflank.EINVALID}}, 0, ""},
		{"another device's edit with the same number", []send{{1, "f5", outflank.RecordApplied, ""}, {2, "f5d6", outflank.RecordApplied, ""}, {2, "f5f6", 0, outflank.ECONFLICT}}, 2, "f5d6"},
		{"numbers start at 1", []send{{0, "f5", 0, outflank.EINVALID}, {-3, "f5", 0, outflank.EINVALID}}, 0, ""},
		{"edit 0 is the empty board (a forfeit before a move)", []send{{0, "", outflank.RecordDuplicate, ""}, {1, "f5", outflank.RecordApplied, ""}, {0, "", 0, outflank.EINVALID}}, 1, "f5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := &outflank.LiveGame{Round: 1, Table: 2}
			for _, s := range c.sends {
				got, err := g.Record(s.seq, s.moves, "judge")
				if s.err != "" {
					if outflank.ErrorCode(err) != s.err {
						t.Fatalf("seq %d %q: %v (%s), want a %s error", s.seq, s.moves, err, outflank.ErrorCode(err), s.err)
					}
					continue
				}
				if err != nil || got != s.want {
					t.Fatalf("seq %d %q: %v, %v; want %v", s.seq, s.moves, got, err, s.want)
				}
			}
			if g.Seq != c.seq || g.Moves != c.moves {
				t.Errorf("kept %d %q, want %d %q", g.Seq, g.Moves, c.seq, c.moves)
			}
		})
	}
}

// TestLiveRecordAfterSubmission: a submitted game takes no more moves, but
// resends of what it holds, and late edits, are still answered.
func TestLiveRecordAfterSubmission(t *testing.T) {
	for _, state := range []outflank.LiveState{outflank.LivePending, outflank.LiveFlagged, outflank.LiveEntered, outflank.LiveDismissed} {
		g := &outflank.LiveGame{Round: 3, Table: 1, Seq: 5, Moves: "f5d6", State: state}
		if got, err := g.Record(5, "f5d6", "judge"); err != nil || got != outflank.RecordDuplicate {
			t.Errorf("%s: a resend: %v %v", state, got, err)
		}
		if got, err := g.Record(4, "f5", "judge"); err != nil || got != outflank.RecordStale {
			t.Errorf("%s: a late edit: %v %v", state, got, err)
		}
		_, err := g.Record(6, "f5d6c3", "judge")
		if outflank.ErrorCode(err) != outflank.ECONFLICT || !strings.Contains(err.Error(), "director") {
			t.Errorf("%s: a new move: %v", state, err)
		}
		if g.Seq != 5 || g.Moves != "f5d6" {
			t.Errorf("%s: the game changed: %d %q", state, g.Seq, g.Moves)
		}
	}
}

// TestSubmissionOutcomes: a judge submits a game played to its end, a time
// default or a forfeit; the rest is the director's.
func TestSubmissionOutcomes(t *testing.T) {
	for outcome, ok := range map[outflank.Outcome]bool{outflank.OutcomeNormal: true, outflank.OutcomeTimeDefault: true, outflank.OutcomeForfeit: true,
		outflank.OutcomePenalty: false, outflank.OutcomeUnplayed: false, outflank.OutcomeDrawWin: false} {
		s := &outflank.Submission{Outcome: outcome}
		if err := s.CheckJudged(); (err == nil) != ok {
			t.Errorf("%s: %v", outcome, err)
		}
	}
	a := &outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: "f5d6"}
	b := *a
	if !a.Same(&b) {
		t.Error("a resent submission is not the same")
	}
	b.Outcome = outflank.OutcomeForfeit
	if a.Same(&b) {
		t.Error("a forfeit is the same as a normal result")
	}
}
