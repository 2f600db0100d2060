package web

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
)

// A round entered by hand, as 'round add' does: pairings made on paper, a
// round the rules' engine should not make (a director's decision), or an
// event moved from another program. The rulebooks' checks run as for
// 'round add': what they forbid is refused unless forced, and the log
// says it was.

// roundView is the form as typed.
type roundView struct {
	Next               int
	Pairs, Byes, Stage string
	Force              bool
	Stages             []outflank.Stage
	// Default is the stage the round takes when none is chosen: the
	// event's format (outflank.Tournament.HandStage).
	Default outflank.Stage
}

// stagesByHand are the stages a round entered by hand may have.
var stagesByHand = []outflank.Stage{outflank.StageSwiss, outflank.StageRoundRobin, outflank.StagePlayoff,
	outflank.StageSemiFinal, outflank.StageThirdPlace, outflank.StageFinal}

func (s *Server) handleRoundForm(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	s.roundPage(w, r, t, http.StatusOK, "", roundView{})
}

func (s *Server) roundPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string, form roundView) {
	form.Next, form.Stages, form.Default = len(t.Rounds)+1, stagesByHand, t.HandStage()
	v := s.newConsoleView(w, r, t, "pair")
	v.Error, v.Page = message, form
	s.consolePage(w, r, status, "console-round", "Enter a round · "+t.Name, v)
}

func (s *Server) handleAddRound(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	form := roundView{Pairs: r.FormValue("pairs"), Byes: r.FormValue("byes"), Stage: r.FormValue("stage"), Force: r.FormValue("force") != ""}
	again := func(status int, message string) { s.roundPage(w, r, t, status, message, form) }
	req := director.RoundByHand{Stage: form.Stage, Force: form.Force}
	if round := r.FormValue("round"); round != "" {
		// The round the page was shown for: a round entered meanwhile
		// by another director is not overwritten by this one's.
		n, err := strconv.Atoi(round)
		if err != nil || n < 1 {
			s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "round %q: give a round number", round), again)
			return
		}
		req.Round = n
	}
	if req.Stage != "" && !slices.Contains(stagesByHand, outflank.Stage(req.Stage)) {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "stage %q: choose one of the list", req.Stage), again)
		return
	}
	// One game a line (or separated by commas): BLACK-WHITE, by numbers or
	// exact names; byes separated by commas.
	for _, line := range strings.FieldsFunc(form.Pairs, func(r rune) bool { return r == '\n' || r == ',' || r == ';' }) {
		if line = strings.TrimSpace(line); line != "" {
			req.Pairs = append(req.Pairs, line)
		}
	}
	for _, b := range strings.Split(form.Byes, ",") {
		if b = strings.TrimSpace(b); b != "" {
			req.Byes = append(req.Byes, b)
		}
	}
	if len(req.Pairs) > 2000 || len(req.Byes) > 2000 {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "%d games and %d byes: a round has at most 2,000 of each", len(req.Pairs), len(req.Byes)), again)
		return
	}
	added, err := director.AddRound(r.Context(), s.store, t.Slug, req)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	message := "Saved: " + added.Event.Summary + "."
	for _, n := range added.Notices {
		message += " Warning: " + consoleWords(n.Text) + "."
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin", message)
}
