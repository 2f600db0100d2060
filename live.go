package outflank

import (
	"context"
	"errors"
	"fmt"
	"time"

	"outflank/othello"
)

// LiveGame is a game a table judge records move by move (WOC IV.2: the
// table judge makes the transcript and broadcasts the game), for the
// public viewers. It is not a result: it is kept apart from the
// tournament's audited state, and becomes a result only when the judge
// submits it, through the call a director's result goes through.
//
// The judge's page numbers its edits: each move and each take-back gives
// the whole transcript so far a sequence number one above the last. The
// store keeps, per game, the transcript with the highest number it was
// sent (Record), so a page that resends after losing its connection, sends
// twice, or whose requests arrive out of order never loses a move nor
// applies one twice.
type LiveGame struct {
	Tournament string `json:"tournament"`
	Round      int    `json:"round"`
	Table      int    `json:"table"`
	// Black and White are the players of the game the transcript is of.
	// A game withdrawn, or a round undone and paired again, leaves its
	// table to another game: its transcript is not that game's (Of). 0, 0
	// in a database written before they were kept: the game at the table.
	Black int `json:"black,omitempty"`
	White int `json:"white,omitempty"`
	// Seq is the sequence number of the transcript kept; 0 before the
	// first.
	Seq int64 `json:"seq"`
	// Moves is the transcript so far ("f5d6c3"), checked by othello.
	Moves string    `json:"moves"`
	State LiveState `json:"state"`
	// Actor sent the transcript kept.
	Actor string `json:"actor"`
	// Submission is the result the judge submitted, while it waits for a
	// director (LivePending, LiveFlagged), and once entered.
	Submission *Submission `json:"submission,omitempty"`
	// Note says what became of the submission: the result entered, or why
	// it is flagged.
	Note string `json:"note,omitempty"`
	// Stamp grows with every write to any live game of the store: what
	// the live pages are cached under, and what the feed follows.
	Stamp     int64     `json:"stamp"`
	UpdatedAt time.Time `json:"updated_at"`
}

// LiveState is where a live game is.
type LiveState string

const (
	// LivePlaying: the judge is recording the game.
	LivePlaying LiveState = "playing"
	// LivePending: the judge submitted the result, and the tournament
	// requires a director's confirmation (Settings.JudgeConfirm).
	LivePending LiveState = "pending"
	// LiveFlagged: the judge submitted a result that disagrees with the
	// one a director had entered, which is kept until a director decides.
	LiveFlagged LiveState = "flagged"
	// LiveEntered: the result is entered.
	LiveEntered LiveState = "entered"
	// LiveDismissed: a director kept the result entered over the judge's.
	LiveDismissed LiveState = "dismissed"
)

// Open reports whether the judge may still record moves: once submitted,
// the game is the director's.
func (s LiveState) Open() bool { return s == "" || s == LivePlaying }

// Submission is the result a table judge submits: how the game ended, and
// the transcript, which gives the score.
type Submission struct {
	Outcome Outcome `json:"outcome"`
	// Defaulter, DefaulterFlags and OpponentFlags describe a time default
	// (WOC IV.6); Loser a forfeit (WOC IV.8).
	Defaulter      Side      `json:"defaulter,omitempty"`
	DefaulterFlags int       `json:"defaulter_flags,omitempty"`
	OpponentFlags  int       `json:"opponent_flags,omitempty"`
	Loser          Side      `json:"loser,omitempty"`
	Reason         string    `json:"reason,omitempty"`
	Moves          string    `json:"moves"`
	Actor          string    `json:"actor"`
	At             time.Time `json:"at"`
}

// Input is the submission as a result to score.
func (s *Submission) Input() ResultInput {
	return ResultInput{Outcome: s.Outcome, Moves: s.Moves, Defaulter: s.Defaulter, DefaulterFlags: s.DefaulterFlags,
		OpponentFlags: s.OpponentFlags, Loser: s.Loser, Reason: s.Reason}
}

// Same reports whether two submissions say the same: a resent submission.
func (s *Submission) Same(o *Submission) bool {
	return s != nil && o != nil && s.Outcome == o.Outcome && s.Defaulter == o.Defaulter && s.DefaulterFlags == o.DefaulterFlags &&
		s.OpponentFlags == o.OpponentFlags && s.Loser == o.Loser && s.Reason == o.Reason && s.Moves == o.Moves
}

// CheckJudged checks that a judge may submit the outcome: a game played to
// its end, a time default or a forfeit. The others (a penalty, an unplayed
// game, a draw-win) are the director's decisions.
func (s *Submission) CheckJudged() error {
	switch s.Outcome {
	case OutcomeNormal, OutcomeTimeDefault, OutcomeForfeit:
		return nil
	}
	return Errorf(EINVALID, "a table judge submits a game played to its end, a time default or a forfeit; a %s is the director's to enter", s.Outcome)
}

// Recorded says what Record did with a transcript.
type Recorded int

const (
	// RecordApplied: a newer transcript, kept.
	RecordApplied Recorded = iota + 1
	// RecordDuplicate: the transcript kept, sent again: nothing to do.
	RecordDuplicate
	// RecordStale: older than the transcript kept: ignored.
	RecordStale
)

func (r Recorded) String() string {
	switch r {
	case RecordApplied:
		return "applied"
	case RecordDuplicate:
		return "duplicate"
	case RecordStale:
		return "stale"
	}
	return "unknown"
}

// maxTranscript bounds a transcript's text: 60 moves with separators.
const maxTranscript = 240

// Record takes the transcript moves numbered seq from actor, by the rules
// of the protocol: a higher number than the one kept replaces it once
// othello accepts every move; the same number with the same moves is a
// resend; a lower number is an older edit, arriving late, and is ignored.
// The same number with other moves is another device's edit: a conflict,
// which the page settles by taking the transcript kept. A game submitted
// takes no more moves.
func (g *LiveGame) Record(seq int64, moves, actor string) (Recorded, error) {
	if seq == 0 && moves == "" && g.Seq == 0 {
		// Edit 0 is the board before any move, which every game has: a
		// forfeit or a no-show submitted before a move was made.
		return RecordDuplicate, nil
	}
	if seq < 1 {
		return 0, Errorf(EINVALID, "sequence number %d: a judge's transcripts are numbered from 1", seq)
	}
	if len(moves) > maxTranscript {
		return 0, Errorf(EINVALID, "the transcript is %d characters long: a game has at most 60 moves", len(moves))
	}
	game, err := othello.ReplayTranscript(moves)
	if err != nil {
		if me, ok := errors.AsType[*othello.MoveError](err); ok {
			return 0, Errorf(EINVALID, "illegal move at ply %d (%s): %s", me.Ply, me.Move, me.Reason)
		}
		return 0, Errorf(EINVALID, "transcript: %v", err)
	}
	moves = othello.FormatTranscript(game.Moves)
	switch {
	case seq < g.Seq:
		return RecordStale, nil
	case seq == g.Seq && moves == g.Moves:
		return RecordDuplicate, nil
	case seq == g.Seq:
		return 0, Errorf(ECONFLICT, "round %d table %d: edit %d was already recorded with other moves, by %s (another device?): the board now shows the moves kept", g.Round, g.Table, seq, g.Actor)
	case !g.State.Open():
		return 0, Errorf(ECONFLICT, "round %d table %d: %s", g.Round, g.Table, g.closedReason())
	}
	g.Seq, g.Moves, g.Actor, g.State = seq, moves, actor, LivePlaying
	return RecordApplied, nil
}

// Of reports whether the transcript kept is of game: the game now at the
// table, with the same players.
func (g *LiveGame) Of(game Game) bool {
	return g.Black == 0 && g.White == 0 || g.Black == game.Black && g.White == game.White
}

// For returns g as the live game of game, the game now at its table: g
// itself when it is game's; else a game not begun, which keeps g's edit
// number (a device still showing the old game can add nothing to it) and
// its stamp. Every reader and writer of a live game goes through it, so a
// withdrawn game's moves or submission never appear as another's.
func (g LiveGame) For(game Game) LiveGame {
	if !g.Of(game) {
		g = LiveGame{Tournament: g.Tournament, Round: g.Round, Table: g.Table, Seq: g.Seq, State: LivePlaying, Stamp: g.Stamp, UpdatedAt: g.UpdatedAt}
	}
	g.Black, g.White = game.Black, game.White
	return g
}

// CurrentLive returns the live games of list that are of the games now at
// their tables (Of): those of a table with no game now, or of another
// game (withdrawn, or a round paired again), are left out.
func (t *Tournament) CurrentLive(list []LiveGame) []LiveGame {
	var out []LiveGame
	for _, g := range list {
		if game, err := t.Game(g.Round, g.Table); err == nil && g.Of(*game) {
			out = append(out, g.For(*game))
		}
	}
	return out
}

// CheckBoard refuses an edit from a board that shows another game than
// the one at the table now (black and white as the board has them; 0, 0
// from a client that does not say): the game it recorded was withdrawn or
// its round paired again.
func CheckBoard(t *Tournament, round, table, black, white int, game Game) error {
	if black == 0 && white == 0 || black == game.Black && white == game.White {
		return nil
	}
	return Errorf(ECONFLICT, "round %d table %d is now %s v %s: the game this board recorded (%s v %s) is no longer played there (withdrawn, or the round paired again): reload the board",
		round, table, t.Describe(game.Black), t.Describe(game.White), t.Describe(black), t.Describe(white))
}

// closedReason says why a submitted game takes no more moves.
func (g *LiveGame) closedReason() string {
	switch g.State {
	case LivePending:
		return "the result was submitted and waits for a director's confirmation: ask the director to return it if it needs correcting"
	case LiveFlagged:
		return "the result submitted disagrees with the one entered, and waits for a director's decision"
	}
	return "the result is entered: only a director may change it now"
}

// Game returns the replay of the transcript kept.
func (g *LiveGame) Game() (*othello.Game, error) {
	game, err := othello.ReplayTranscript(g.Moves)
	if err != nil {
		return nil, fmt.Errorf("outflank: live game %d/%d holds a transcript othello refuses: %w", g.Round, g.Table, err)
	}
	return game, nil
}

// LiveGames keeps the live games: apart from the tournaments, not in their
// audit logs (a move is not a change to the tournament). Every method is
// one transaction.
type LiveGames interface {
	// UpdateLive loads the live game at table of round of slug (a new
	// one, at sequence 0, when there is none), lets change modify it and,
	// when change reports a change, stores it with a new stamp. If change
	// fails, nothing is written. It returns the game as stored.
	UpdateLive(ctx context.Context, slug string, round, table int, change func(g *LiveGame) (bool, error)) (*LiveGame, error)
	// LiveGame returns the live game at table of round of slug.
	LiveGame(ctx context.Context, slug string, round, table int) (*LiveGame, error)
	// LiveGames returns the live games of slug, by round and table.
	LiveGames(ctx context.Context, slug string) ([]LiveGame, error)
	// WatchLive calls changed with the live games written since the last
	// call, whatever process wrote them, in stamp order (the first call
	// has every live game), until ctx ends.
	WatchLive(ctx context.Context, changed func(games []LiveGame)) error
}
