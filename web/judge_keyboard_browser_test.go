package web_test

// The judge's board with the keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7,
// 4.1.2, 4.1.3): the real game recorded with the arrow keys and Enter or
// Space, the focus never on the page's body, each move said in the live
// region with the player to move, each square named with what is on it,
// and a focus indicator of at least 3:1 (1.4.11).

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"outflank/othello"
)

// focusShown is what the keyboard's focus is on, and what the live
// region says.
type focusShown struct {
	Tag, Sq, Label, TabIndex string
	Stops                    int // the board's squares in the tab order
	Said                     string
}

const readFocus = `(function () {
	var a = document.activeElement || document.body;
	return {
		tag: a.tagName.toLowerCase(), sq: (a.dataset && a.dataset.sq) || "", label: a.getAttribute("aria-label") || "",
		tabindex: a.getAttribute("tabindex") || "",
		stops: document.querySelectorAll('#jboard .sq:not([tabindex="-1"]):not([disabled])').length,
		said: (document.getElementById("judge-announce") || {}).textContent || ""
	};
})()`

// squareWords is how the board should name sq in pos, the move just
// played being last.
func squareWords(pos othello.Position, sq othello.Square, last othello.Square) string {
	name := sq.String()
	switch pos.At(sq) {
	case othello.Black:
		name += ", black disc"
	case othello.White:
		name += ", white disc"
	default:
		name += ", empty"
	}
	switch {
	case sq == last:
		name += ", last move"
	case !pos.IsOver() && pos.LegalMoves()&sq.Bit() != 0:
		name += ", legal move for " + pos.Turn.String()
	}
	return name
}

func title(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// moveWords is what the live region should say after ply of game: the
// move, then a pass, the end, or the player to move and the number of
// legal moves.
func moveWords(game *othello.Game, ply int) string {
	played := fmt.Sprintf("%s played %s.", title(game.Positions[ply-1].Turn.String()), game.Moves[ply-1])
	pos := game.Positions[ply]
	if pos.IsOver() {
		return played + " Game over: "
	}
	n := len(bitsOf(pos.LegalMoves()))
	legal := fmt.Sprintf("%d legal moves", n)
	if n == 1 {
		legal = "1 legal move"
	}
	if slices.Contains(game.Passes, ply) {
		return fmt.Sprintf("%s %s has no legal move and passes: %s to move again, %s.", played, title(pos.Turn.Opponent().String()), title(pos.Turn.String()), legal)
	}
	return fmt.Sprintf("%s %s to move, %s.", played, title(pos.Turn.String()), legal)
}

// TestBrowserJudgeKeyboard: the judge records the real game (with its
// pass and its end) from the keyboard alone: Tab reaches the board, which
// is one tab stop; the arrow keys walk to each square, Enter or Space plays
// it. After every key the focus is on a square of the board, never on the
// page's body; each square is named with what is on it; after each move
// the live region says the move and the player to move (or the pass, or
// the end); a square that is no legal move is refused aloud; Take back
// and the result's button, both disabled by what they do, hand the focus
// back to the board. The focus ring is at least 3:1 against the squares,
// the board and the discs, from the computed styles.
func TestBrowserJudgeKeyboard(t *testing.T) {
	browser := newBrowserFor(t, 4*time.Minute)
	d := newJudgeDemo(t)
	dir := screenshots(t)
	tab := newTab(t, browser)
	if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 740), chromedp.Navigate(d.link), chromedp.WaitVisible(chromedp.CSS("#jboard"))); err != nil {
		t.Fatal(err)
	}
	g := d.game
	focus := func() focusShown { return run(t, tab, chromedp.Evaluate[focusShown](readFocus)) }
	onSquare := func(what string) focusShown {
		t.Helper()
		f := focus()
		if f.Tag != "button" || f.Sq == "" {
			t.Fatalf("%s: the focus is on <%s>, not on a square of the board", what, f.Tag)
		}
		if f.Stops != 1 || f.TabIndex != "0" {
			t.Fatalf("%s: the board has %d tab stops (the focused square's tabindex %q), want 1", what, f.Stops, f.TabIndex)
		}
		return f
	}
	said := func(want, what string) {
		t.Helper()
		quoted := strconv.Quote(want)
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(15 * time.Millisecond) {
			if strings.Contains(focus().Said, want) {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the live region says %q, want %s in it", what, focus().Said, quoted)
			}
		}
	}

	// Tab reaches the board: its tab stop is the first legal square.
	for i := 0; ; i++ {
		if i == 60 {
			t.Fatal("60 presses of Tab never reached the board")
		}
		typeKeys(t, tab, kb.Tab)
		if f := focus(); f.Sq != "" {
			break
		}
	}
	start := g.game.Positions[0]
	if f := onSquare("the board reached with Tab"); f.Sq != strconv.Itoa(bitsOf(start.LegalMoves())[0]) || f.Label != "d3, empty, legal move for black" {
		t.Fatalf("the board's tab stop: square %s named %q, want d3 (19) named %q", f.Sq, f.Label, "d3, empty, legal move for black")
	}
	cursor := othello.Square(19)
	// walk moves the focus to sq with the arrow keys, checking the focus
	// and the name of every square it crosses.
	walk := func(sq othello.Square, pos othello.Position, last othello.Square) {
		t.Helper()
		for cursor != sq {
			var key string
			switch {
			case sq.Col() < cursor.Col():
				key, cursor = kb.ArrowLeft, cursor-1
			case sq.Col() > cursor.Col():
				key, cursor = kb.ArrowRight, cursor+1
			case sq.Row() < cursor.Row():
				key, cursor = kb.ArrowUp, cursor-8
			default:
				key, cursor = kb.ArrowDown, cursor+8
			}
			typeKeys(t, tab, key)
			f := onSquare(fmt.Sprintf("walking to %s", sq))
			if want := squareWords(pos, cursor, last); f.Sq != strconv.Itoa(int(cursor)) || f.Label != want {
				t.Fatalf("walking to %s: the focus is on square %s named %q, want %s named %q", sq, f.Sq, f.Label, cursor, want)
			}
		}
	}
	last := othello.Square(64) // no move yet
	for ply := 1; ply <= len(g.moves); ply++ {
		sq := g.moves[ply-1]
		walk(sq, g.game.Positions[ply-1], last)
		key := kb.Enter
		if ply%2 == 0 {
			key = " "
		}
		typeKeys(t, tab, key)
		checkBoard(t, tab, g.game, ply)
		said(moveWords(g.game, ply), fmt.Sprintf("move %d, %s", ply, sq))
		last = sq
		f := onSquare(fmt.Sprintf("after move %d, %s", ply, sq))
		if want := squareWords(g.game.Positions[ply], sq, sq); f.Sq != strconv.Itoa(int(sq)) || f.Label != want {
			t.Fatalf("after move %d: the focus is on square %s named %q, want %s named %q", ply, f.Sq, f.Label, sq, want)
		}
		switch ply {
		case 1:
			// A square that is no legal move: refused aloud, the focus kept.
			walk(27, g.game.Positions[1], sq) // d4, never empty
			typeKeys(t, tab, kb.Enter)
			said(fmt.Sprintf("%s: not a legal move for white.", squareWords(g.game.Positions[1], 27, 64)), "a square that is no legal move")
			onSquare("after a square that is no legal move")
			checkBoard(t, tab, g.game, 1)
		case 2:
			// Take back (Tab to it, Enter), then Shift+Tab back to the board,
			// on the square taken back.
			typeKeys(t, tab, kb.Tab)
			if id := run(t, tab, chromedp.Evaluate[string](focused)); id != "takeback" {
				t.Fatalf("Tab from the board went to %q, want Take back", id)
			}
			ring := run(t, tab, chromedp.Evaluate[[3]string](`(function (cs, page) { return [cs.outlineStyle, cs.outlineColor, page === "rgba(0, 0, 0, 0)" ? "rgb(255, 255, 255)" : page]; })(getComputedStyle(document.activeElement), getComputedStyle(document.body).backgroundColor)`))
			if c := contrast(luminance(t, ring[1]), luminance(t, ring[2])); ring[0] == "none" || c < 3 {
				t.Errorf("Take back's focus ring: %s %s, %.2f:1 on the page, want at least 3:1", ring[0], ring[1], c)
			}
			typeKeys(t, tab, kb.Enter)
			checkBoard(t, tab, g.game, 1)
			said(fmt.Sprintf("Move 2, %s, taken back. White to move, %d legal moves.", sq, len(bitsOf(g.game.Positions[1].LegalMoves()))), "the move taken back")
			if err := chromedp.Do(tab, chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift))); err != nil {
				t.Fatal(err)
			}
			if f := onSquare("Shift+Tab back from Take back"); f.Sq != strconv.Itoa(int(sq)) {
				t.Fatalf("Shift+Tab back to the board: square %s, want %s (the move taken back)", f.Sq, sq)
			}
			typeKeys(t, tab, kb.Enter)
			checkBoard(t, tab, g.game, 2)
			said(moveWords(g.game, 2), "move 2 played again")
		case 3:
			// The last move taken back disables Take back: the focus goes
			// back to the board, not to the page's body.
			typeKeys(t, tab, kb.Tab)
			for range 3 {
				typeKeys(t, tab, kb.Enter)
				if id := run(t, tab, chromedp.Evaluate[string](focused)); id != "takeback" {
					break
				}
			}
			checkBoard(t, tab, g.game, 0)
			if f := onSquare("every move taken back"); f.Sq != strconv.Itoa(int(g.moves[0])) {
				t.Fatalf("every move taken back: the focus is on square %s, want %s (the first move, taken back)", f.Sq, g.moves[0])
			}
			cursor, last = g.moves[0], 64
			for p := 1; p <= 3; p++ {
				walk(g.moves[p-1], g.game.Positions[p-1], last)
				typeKeys(t, tab, kb.Enter)
				said(moveWords(g.game, p), fmt.Sprintf("move %d played again", p))
				last = g.moves[p-1]
			}
			checkBoard(t, tab, g.game, 3)
		case 20:
			focusRing(t, tab)
			photograph(t, tab, dir, "judge-keyboard-375")
			if err := chromedp.Do(tab, chromedp.EmulateViewport(1280, 800)); err != nil {
				t.Fatal(err)
			}
			onSquare("at 1280 px")
			focusRing(t, tab)
			photograph(t, tab, dir, "judge-keyboard-1280")
			if err := chromedp.Do(tab, chromedp.EmulateViewport(375, 740)); err != nil {
				t.Fatal(err)
			}
		}
	}
	score := g.game.Final().OfficialScore()
	said(fmt.Sprintf("Game over: %s wins %d-%d", title(score.Winner().String()), score.Black, score.White), "the game's end")
	if !strings.Contains(run(t, tab, chromedp.Evaluate[string](`document.getElementById("judge-announce").textContent`)), fmt.Sprintf("%s played %s.", title(g.game.Positions[len(g.moves)-1].Turn.String()), g.moves[len(g.moves)-1])) {
		t.Error("the last move is not said")
	}
	accessibleNames(t, tab, g.game.Final(), g.moves[len(g.moves)-1])
	waitTab(t, tab, `document.getElementById("judge").dataset.acked === document.getElementById("judge").dataset.localSeq`, 10*time.Second, "every move saved")
	if lg := d.liveGame(t); lg.Moves != othello.FormatTranscript(g.moves) {
		t.Fatalf("the server keeps %q", lg.Moves)
	}
	// The result, from the keyboard: Tab to its button, Enter. The form
	// it is in closes: the focus goes back to the board.
	for i := 0; run(t, tab, chromedp.Evaluate[string](focused)) != "submit-normal"; i++ {
		if i == 10 {
			t.Fatal("Tab never reached Submit the result")
		}
		typeKeys(t, tab, kb.Tab)
	}
	typeKeys(t, tab, kb.Enter)
	waitTab(t, tab, `document.getElementById("judge").dataset.liveState === "entered"`, 5*time.Second, "the result entered")
	onSquare("after the result is submitted")
	typeKeys(t, tab, kb.Enter)
	said("The board takes no more moves.", "a square played once the result is entered")
	if g, _ := d.tournament(t).Game(1, 1); g.Result == nil || g.Result.BlackDiscs != score.Black {
		t.Fatalf("the result entered: %+v", g.Result)
	}
}

// accessibleNames checks the board as Chromium gives it to a screen
// reader: a grid of 8 rows of 8 cells, each a button named with what is
// on it in pos, the last move played on last.
func accessibleNames(t *testing.T, tab context.Context, pos othello.Position, last othello.Square) {
	t.Helper()
	tree, err := chromedp.Call(tab, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	text := func(v *accessibility.Value) string {
		var s string
		if v != nil {
			json.Unmarshal(v.Value, &s)
		}
		return s
	}
	roles := map[string]int{}
	var cells []string
	buttons := map[string]bool{}
	grid := ""
	for _, n := range tree.Nodes {
		if n.Ignored {
			continue
		}
		role, name := text(n.Role), text(n.Name)
		roles[role]++
		switch role {
		case "gridcell":
			cells = append(cells, name)
		case "button":
			buttons[name] = true
		case "grid":
			grid = name
		}
	}
	if roles["grid"] != 1 || roles["row"] != 8 || roles["gridcell"] != 64 || grid != "Board" {
		t.Errorf("the board as a screen reader sees it: %d grid named %q, %d rows, %d cells; want 1 named Board, 8, 64", roles["grid"], grid, roles["row"], roles["gridcell"])
	}
	for sq := range othello.Square(min(64, len(cells))) {
		if want := squareWords(pos, sq, last); cells[sq] != want || !buttons[want] {
			t.Errorf("the screen reader's cell %d is named %q, want %q, with a button named so (%v)", sq, cells[sq], want, buttons[want])
		}
	}
}

// ringShown is the focused square's ring and what is around it, as
// computed styles.
type ringShown struct {
	Visible                      bool
	Style, Width, Outline, Inset string
	Square, Board, Black, White  string
}

// focusRing checks the focused square's indicator from its computed
// styles: a ring (the outline) of at least 3:1 against the square's green
// and the board's, and a dark edge inside it, so that against each disc
// one of the two is at least 3:1 too.
func focusRing(t *testing.T, tab context.Context) {
	t.Helper()
	s := run(t, tab, chromedp.Evaluate[ringShown](`(function () {
		var a = document.activeElement, cs = getComputedStyle(a);
		var b = document.querySelector("#jboard .sq.b"), w = document.querySelector("#jboard .sq.w");
		return {
			visible: a.matches(":focus-visible"), style: cs.outlineStyle, width: cs.outlineWidth, outline: cs.outlineColor, inset: cs.boxShadow,
			square: cs.backgroundColor, board: getComputedStyle(document.getElementById("jboard")).backgroundColor,
			black: getComputedStyle(b, "::after").backgroundColor, white: getComputedStyle(w, "::after").backgroundColor
		};
	})()`))
	if !s.Visible || s.Style == "none" {
		t.Fatalf("the focused square shows no focus ring: %+v", s)
	}
	if w, _ := strconv.ParseFloat(strings.TrimSuffix(s.Width, "px"), 64); w < 2 {
		t.Errorf("the focus ring is %s wide, want at least 2px", s.Width)
	}
	// luminance and contrast are console_browser_test.go's.
	ring, inner := luminance(t, s.Outline), luminance(t, colourOf(t, s.Inset))
	square, board, black, white := luminance(t, s.Square), luminance(t, s.Board), luminance(t, s.Black), luminance(t, s.White)
	for _, c := range []struct {
		what  string
		ratio float64
	}{
		{"the ring against the square", contrast(ring, square)},
		{"the ring against the board", contrast(ring, board)},
		{"the edge against the square", contrast(inner, square)},
		{"the ring or its edge against a black disc", max(contrast(ring, black), contrast(inner, black))},
		{"the ring or its edge against a white disc", max(contrast(ring, white), contrast(inner, white))},
	} {
		if c.ratio < 3 {
			t.Errorf("%s: %.2f:1, want at least 3:1 (%+v)", c.what, c.ratio, s)
		}
	}
	t.Logf("focus ring %s, edge %s: %.2f:1 on the squares' green, %.2f:1 on the board, edge %.2f:1 on the green", s.Outline, s.Inset,
		contrast(ring, square), contrast(ring, board), contrast(inner, square))
}

var rgbPattern = regexp.MustCompile(`rgba?\([^)]*\)`)

// colourOf is the colour in a computed box-shadow.
func colourOf(t *testing.T, css string) string {
	t.Helper()
	c := rgbPattern.FindString(css)
	if c == "" {
		t.Fatalf("no colour in %q", css)
	}
	return c
}
