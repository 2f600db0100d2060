package web

import (
	"net/http"
	"strconv"

	"outflank"
)

// Ask before what cannot be taken back (issue 24, point 16): a withdrawal
// (WOC II.8: no re-entry), an undo (an undo is not undone), a knockout
// game withdrawn. The form that asks for such a change posts without
// "confirm": the server answers with this page, which says what will
// happen and posts the same fields again with confirm=yes. It works
// without JavaScript, and with it: no script skips it. The focus is on
// the safe choice, a link back, so a second Enter changes nothing.

// confirmView is the question: what the change does, the rule that makes
// it final, and the two choices.
type confirmView struct {
	Heading string
	Lines   []string
	// Action is where the confirmed form posts, with Fields.
	Action string
	Fields []confirmField
	// Do is the button that makes the change; Keep the link back to
	// Back, which has the focus.
	Do, Keep, Back string
}

// confirmField is a hidden field the confirmed form carries again.
type confirmField struct{ Name, Value string }

// confirmed reports whether the form was posted from the confirmation.
func confirmed(r *http.Request) bool { return r.PostFormValue("confirm") == "yes" }

// confirmPage asks the question of c about t.
func (s *Server) confirmPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, nav string, c confirmView) {
	v := s.newConsoleView(w, r, t, nav)
	v.Page = c
	s.consolePage(w, r, http.StatusOK, "console-confirm", c.Heading+" · "+t.Name, v)
}

// confirmWithdraw asks before player p of t withdraws after round after
// (-1: the last round entered), which cannot be taken back (WOC II.8); a
// withdrawal the rules refuse is refused at once, on the players' page.
func (s *Server) confirmWithdraw(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, p *outflank.Player, after int) {
	if after < 0 {
		after = len(t.Rounds)
	}
	lines, err := t.WithdrawalWords(p.ID, after)
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.playersPage(w, r, t, status, message, nil, handForm{}) })
		return
	}
	s.confirmPage(w, r, t, "players", confirmView{
		Heading: "Withdraw " + p.Name + "?", Lines: lines,
		Action: r.URL.Path, Fields: []confirmField{{"after_round", strconv.Itoa(after)}},
		Do: "Withdraw " + p.Name, Keep: "Keep " + p.Name + " in the event", Back: "/t/" + t.Slug + "/admin/players",
	})
}
