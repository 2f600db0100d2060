package wof

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one piece of a game line.
type token struct {
	kind  tokenKind
	value int  // the number, the discs, the operator or the colour letter
	plus  bool // a number written "+123"
	start int  // byte offsets of the token in the line
	end   int
}

// tokenKind is what a token is.
type tokenKind byte

// The kinds of tokens of a game line.
const (
	tokID    tokenKind = 'n' // 123 or +123
	tokDiscs tokenKind = 'd' // (32)
	tokOp    tokenKind = 'o' // < > =
	tokColor tokenKind = 'c' // B or W
)

// lexGameLine cuts s, a game line without its comment, into tokens, which
// it appends to toks. It stops at the first byte that starts no token and
// returns its offset, or -1 when the whole line is tokens.
func lexGameLine(toks []token, s string) ([]token, int) {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsSpace(r) {
				return toks, i
			}
			i += size
		case isDigit(c) || c == '+':
			j := i
			if c == '+' {
				j = skipBlanks(s, i+1)
			}
			k := j
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			v, ok := smallNumber(s[j:k])
			if !ok {
				return toks, i
			}
			toks = append(toks, token{kind: tokID, value: v, plus: c == '+', start: i, end: k})
			i = k
		case c == '(':
			j := skipBlanks(s, i+1)
			k := j
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			v, ok := smallNumber(s[j:k])
			k = skipBlanks(s, k)
			if !ok || k >= len(s) || s[k] != ')' {
				return toks, i
			}
			toks = append(toks, token{kind: tokDiscs, value: v, start: i, end: k + 1})
			i = k + 1
		case c == '<' || c == '>' || c == '=':
			toks = append(toks, token{kind: tokOp, value: int(c), start: i, end: i + 1})
			i++
		case c == 'B' || c == 'W' || c == 'b' || c == 'w':
			if i+1 < len(s) && isLetter(s[i+1]) {
				return toks, i
			}
			toks = append(toks, token{kind: tokColor, value: int(c &^ 0x20), start: i, end: i + 1})
			i++
		default:
			return toks, i
		}
	}
	return toks, -1
}

// skipBlanks returns the offset of the first byte from i on that is not a
// space or a tab.
func skipBlanks(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// isLetter reports whether c is an ASCII letter.
func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// lexedGame is a game read from a line and where it was.
type lexedGame struct {
	game Game
	text string
	plus bool // an id was written "+123"
	// oneSided is set when only one player's discs were given.
	oneSided bool
}

// parseGameTokens reads the games "ID [(d)] OP [(d)] ID [COLOR]" one after
// the other from toks, appending them to games. It returns the games and,
// when the tokens end in the middle of a game or hold one out of place,
// what was expected and the offset where reading stopped; bad is where the
// lexer stopped, or -1.
func parseGameTokens(games []lexedGame, s string, toks []token, bad int) (_ []lexedGame, expected string, stop int) {
	k := 0
	next := func(kind tokenKind) (token, bool) {
		if k < len(toks) && toks[k].kind == kind {
			k++
			return toks[k-1], true
		}
		return token{}, false
	}
	for k < len(toks) {
		begin := k
		fail := func(what string) ([]lexedGame, string, int) {
			if k == len(toks) && bad >= 0 {
				// The tokens ran out where the lexer stopped: the
				// unreadable text is what should have come next.
				return games, what, bad
			}
			return games, what, toks[begin].start
		}
		first, ok := next(tokID)
		if !ok {
			return fail("a player id")
		}
		d1, hasD1 := next(tokDiscs)
		op, ok := next(tokOp)
		if !ok {
			return fail("a result < > or = after the first id")
		}
		d2, hasD2 := next(tokDiscs)
		second, ok := next(tokID)
		if !ok {
			return fail("the second player's id")
		}
		color, _ := next(tokColor)
		g := lexedGame{
			game: Game{First: first.value, Second: second.value, Result: Result(op.value),
				FirstColor: Color(color.value)},
			text:     s[toks[begin].start:toks[k-1].end],
			plus:     first.plus || second.plus,
			oneSided: hasD1 != hasD2,
		}
		if hasD1 && hasD2 {
			a, b := d1.value, d2.value
			g.game.FirstDiscs, g.game.SecondDiscs = &a, &b
		}
		games = append(games, g)
	}
	return games, "", -1
}

// gameLine reads a line of games at line n: one game or several, with an
// optional comment after "%".
func (p *eloReader) gameLine(n int, s string) {
	body, comment := s, ""
	if i := strings.IndexByte(s, '%'); i >= 0 {
		body, comment = s[:i], commentText(s[i:])
	}
	// The buffers are reused from line to line: a file holds many.
	toks, bad := lexGameLine(p.toks[:0], body)
	games, expected, stop := parseGameTokens(p.lexed[:0], body, toks, bad)
	p.toks, p.lexed = toks, games
	if stop < 0 && bad >= 0 {
		stop, expected = bad, "an id, (discs), < > =, or B or W"
	}
	if stop >= 0 {
		rest := strings.TrimSpace(body[stop:])
		if len(games) == 0 {
			p.ws.add(n, WarnGameSyntax, s, "unreadable game line ignored: expected %s at %q", expected, rest)
			return
		}
		p.ws.add(n, WarnGameSyntax, s, "rest of the game line ignored after %s: expected %s at %q", plural(len(games), "game"), expected, rest)
	}
	if comment != "" {
		games[len(games)-1].game.Comment = comment
	}
	for _, lg := range games {
		p.addGame(n, lg)
	}
}

// addGame checks one game read at line n and files it in its round.
func (p *eloReader) addGame(n int, lg lexedGame) {
	g := lg.game
	g.Line = n
	if lg.plus {
		p.ws.add(n, WarnGameSyntax, lg.text, "\"+\" before an id on a game line ignored: new players are marked on their player line")
	}
	if lg.oneSided {
		p.ws.add(n, WarnGameSyntax, lg.text, "discs given for one player only: discs ignored, the result kept")
	}
	if g.First == g.Second {
		p.ws.add(n, WarnSelfGame, lg.text, "player %d plays himself: game kept", g.First)
	}
	if g.FirstDiscs != nil {
		a, b := *g.FirstDiscs, *g.SecondDiscs
		if a+b > 64 {
			p.ws.add(n, WarnDiscs, lg.text, "discs (%02d)-(%02d) add up to %d, more than 64: kept as written", a, b, a+b)
		}
		if g.DiscsContradict() {
			p.ws.add(n, WarnDiscs, lg.text, "discs (%02d)%c(%02d) contradict the result '%c': the result is kept", a, g.Result, b, g.Result)
		}
	}
	round := -1
	if p.inAdded {
		p.f.Added = append(p.f.Added, g)
	} else {
		if len(p.f.Rounds) == 0 {
			p.f.Rounds = append(p.f.Rounds, Round{})
		}
		round = len(p.f.Rounds) - 1
		p.f.Rounds[round].Games = append(p.f.Rounds[round].Games, g)
	}
	p.refs = append(p.refs, gameRef{first: g.First, second: g.Second, line: n, text: lg.text, round: round})
}

// roundName names a round in messages: "round 3" or "round \"Finals\"".
func roundName(r Round) string {
	if r.Label != "" {
		return fmt.Sprintf("round %q", r.Label)
	}
	return fmt.Sprintf("round %d", r.Number)
}
