package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"outflank"
	"outflank/othello"
	"outflank/report"
)

// maxTranscriptBytes bounds what `game replay -` reads from stdin: a full
// game written with separators is under 200 bytes.
const maxTranscriptBytes = 1 << 16

func runGameReplay(e *env, args []string) error {
	fs := e.newFlags("game replay", "game replay [--json] MOVES|-")
	asJSON := fs.Bool("json", false, "print one JSON document")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("game replay: give the moves (\"f5d6c3\") or - to read them from stdin")
	}
	// "outflank game replay f5 d6 c3" arrives as three arguments: one transcript.
	text := strings.Join(pos, " ")
	if text == "-" {
		if text, err = readTranscript(e.stdin); err != nil {
			return err
		}
	}
	g, err := othello.ReplayTranscript(text)
	if err != nil {
		return transcriptError(err)
	}
	if *asJSON {
		return writeJSON(e.stdout, report.ReplayOf(g))
	}
	e.printf(e.stdout, "%s", describeGame(g))
	return nil
}

// readTranscript reads a transcript from r, refusing anything implausibly long.
func readTranscript(r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxTranscriptBytes+1))
	if err != nil {
		return "", outflank.Errorf(outflank.EINVALID, "cannot read the transcript from stdin: %v", err)
	}
	if len(data) > maxTranscriptBytes {
		return "", outflank.Errorf(outflank.EINVALID, "stdin holds more than %d bytes: a transcript is one game of at most 60 moves", maxTranscriptBytes)
	}
	return string(data), nil
}

// transcriptError turns an illegal move into the message the contract
// promises: "illegal move at ply N (xx): reason".
func transcriptError(err error) error {
	if me, ok := errors.AsType[*othello.MoveError](err); ok {
		return outflank.Errorf(outflank.EINVALID, "illegal move at ply %d (%s): %s; check the transcript (moves are squares a1-h8, passes are not written)",
			me.Ply, me.Move, me.Reason)
	}
	return err
}

// describeGame writes the final board and what the game came to.
func describeGame(g *othello.Game) string {
	var b strings.Builder
	final := g.Final()
	b.WriteString(final.String())
	fmt.Fprintf(&b, "moves   %s (%d plies)\n", othello.FormatTranscript(g.Moves), len(g.Moves))
	b.WriteString("passes  " + describePasses(g.Passes) + "\n")
	black, white, empty := final.Discs()
	fmt.Fprintf(&b, "discs   black %d, white %d, empty %d\n", black, white, empty)
	if !g.Finished() {
		fmt.Fprintf(&b, "result  not finished: %s to move\n", final.Turn)
		return b.String()
	}
	s := final.OfficialScore()
	switch s.Winner() {
	case othello.Empty:
		fmt.Fprintf(&b, "result  %d-%d, a draw\n", s.Black, s.White)
	default:
		fmt.Fprintf(&b, "result  %d-%d, %s wins (official score: empty squares go to the winner)\n", s.Black, s.White, s.Winner())
	}
	return b.String()
}

func describePasses(passes []int) string {
	if len(passes) == 0 {
		return "none"
	}
	plies := make([]string, len(passes))
	for i, p := range passes {
		plies[i] = fmt.Sprint(p)
	}
	return "after ply " + strings.Join(plies, ", ")
}

// writeJSON writes one JSON document as every --json output (and the web
// API) does.
func writeJSON(w io.Writer, v any) error { return report.WriteJSON(w, v) }
