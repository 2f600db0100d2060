package othello

// Game is a replayed transcript: the moves, the position after every ply and
// the passes that replay inferred.
type Game struct {
	// Moves are the moves played, one per ply.
	Moves []Square
	// Positions[0] is the start and Positions[i] the position after ply i,
	// with any forced pass already made: its side to move can move, or the
	// game is over.
	Positions []Position
	// Passes lists the plies (1-based) after which the side to move had no
	// legal move and passed (how-to-play rule 2).
	Passes []int
}

// Replay plays moves from the starting position, passing whenever, and only
// when, the side to move has no legal move but the other side has one. An
// illegal move is reported as a *MoveError naming its ply and square.
func Replay(moves []Square) (*Game, error) {
	g := &Game{Moves: moves, Positions: make([]Position, 1, len(moves)+1)}
	g.Positions[0] = Start()
	pos := g.Positions[0]
	for i, sq := range moves {
		next, err := pos.Play(sq)
		if err != nil {
			return nil, &MoveError{Ply: i + 1, Move: sq.String(), Reason: err.(Reason)}
		}
		if next.MustPass() {
			next = next.Pass()
			g.Passes = append(g.Passes, i+1)
		}
		g.Positions = append(g.Positions, next)
		pos = next
	}
	return g, nil
}

// ReplayTranscript parses text with ParseTranscript and replays it.
func ReplayTranscript(text string) (*Game, error) {
	moves, err := ParseTranscript(text)
	if err != nil {
		return nil, err
	}
	return Replay(moves)
}

// Final returns the position after the last ply.
func (g *Game) Final() Position { return g.Positions[len(g.Positions)-1] }

// Finished reports whether the game has reached its end: neither side can move.
func (g *Game) Finished() bool { return g.Final().IsOver() }
