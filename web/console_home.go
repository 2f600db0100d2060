package web

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"outflank"
	"outflank/report"
	"outflank/rules"
)

// adminHomeView is /admin: the tournaments the user directs, and for an
// administrator the form that creates one.
type adminHomeView struct {
	Judge       *outflank.JudgeLink
	Tournaments []report.TournamentLine
	Rules       []rules.ID
	New         newTournamentForm
	PlayerDB    *outflank.PlayerDBInfo
	// Removed are the records of removed tournaments the user directs,
	// to restore.
	Removed []outflank.Removal
}

// newTournamentForm is the creation form as typed, kept when refused.
type newTournamentForm struct {
	Slug, Name, Date, Rules, Rounds, Minutes, System string
}

func (s *Server) handleAdminHome(w http.ResponseWriter, r *http.Request) {
	s.adminHome(w, r, http.StatusOK, "", newTournamentForm{Rules: string(rules.WOC)})
}

// adminHome renders /admin, with the creation form as typed and a message
// when it was refused.
func (s *Server) adminHome(w http.ResponseWriter, r *http.Request, status int, message string, form newTournamentForm) {
	p := principal(r)
	v := s.newConsoleView(w, r, nil, "home")
	v.Error = message
	page := adminHomeView{Judge: p.Judge, Rules: rules.IDs(), New: form}
	if p.User != nil {
		list, err := s.store.Tournaments(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		for _, sum := range list {
			if !p.CanDirect(sum.Slug) {
				continue
			}
			t, err := s.store.Tournament(r.Context(), sum.Slug)
			if err != nil {
				s.fail(w, r, err)
				return
			}
			page.Tournaments = append(page.Tournaments, report.TournamentLineOf(t))
		}
		if page.Removed, err = s.removedOf(r, outflank.RemovedTournament, p); err != nil {
			s.fail(w, r, err)
			return
		}
		if p.IsAdmin() && s.playerDB != nil {
			page.PlayerDB, _ = s.playerDB.PlayerDBInfo(r.Context())
		}
	}
	v.Page = page
	s.consolePage(w, r, status, "console-admin", "Console", v)
}

// consoleHomeView is a tournament's console: the status banner, the latest
// change (which undo reverts) and the rounds.
type consoleHomeView struct {
	Banner banner
	Latest *outflank.Event
	Rounds []report.RoundLine
	// Unrated says why the games will not be rated (BOF Ratings 1-3), each
	// with its rule; empty when they will be.
	Unrated []rules.Unrated
	// System says the system the event plays and the rule that decides it.
	System string
}

func (s *Server) handleConsole(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	latest, err := s.latestChange(r.Context(), t.Slug)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := s.newConsoleView(w, r, t, "event")
	b := bannerOf(t)
	b.judged(t.Slug, v.Judged)
	v.Page = consoleHomeView{Banner: b, Latest: latest.event(), Rounds: report.RoundsOf(t), Unrated: t.Unrated(), System: consoleWords(t.System().String())}
	s.consolePage(w, r, http.StatusOK, "console-home", t.Name, v)
}

// banner is what the event needs next, as 'outflank status' says it, with
// the buttons that do it.
type banner struct {
	Summary  string
	Headline string
	Lines    []string
	Done     bool
	// Judges says what of the table judges' results waits for a
	// director, or "".
	Judges string
	// Actions are the console's pages that do what comes next, the main
	// one first.
	Actions []link
}

// bannerOf draws up the banner of t from its status.
func bannerOf(t *outflank.Tournament) banner {
	st := report.StatusOf(t)
	b := banner{Summary: st.Summary, Headline: consoleWords(st.Headline), Done: st.Done}
	for _, l := range st.Lines {
		b.Lines = append(b.Lines, consoleWords(l))
	}
	base := "/t/" + t.Slug + "/admin"
	missing := 0
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if g.Result == nil {
				missing++
			}
		}
	}
	for _, ng := range t.NeedlessGames() {
		// A result corrected after the next game was paired: withdrawing
		// that game comes first (a question, then the change).
		b.Actions = append(b.Actions, link{fmt.Sprintf("%s/games/%d/%d/withdraw", base, ng.Round, ng.Game.Table), fmt.Sprintf("Withdraw %s…", ng.Label)})
		if ng.Game.Result == nil {
			missing-- // not a result to enter
		}
	}
	switch {
	case len(t.Players) == 0:
		b.Actions = append(b.Actions, link{base + "/players", "Register players"})
		return b
	case missing > 0:
		b.Actions = append(b.Actions, link{base + "/results", "Enter results"})
	}
	if st.Done {
		b.Actions = append(b.Actions, link{"/t/" + t.Slug + "/standings", "See the final standings"})
		return b
	}
	if missing == 0 || slices.ContainsFunc(st.Matches, func(m report.Match) bool { return !m.Done && !m.InPlay() && m.Next != nil && m.Blocked == "" }) {
		b.Actions = append(b.Actions, link{base + "/pair", pairWords(t, st)})
	}
	if len(t.Rounds) == 0 {
		b.Actions = append(b.Actions, link{base + "/players", "Register more players"})
	}
	return b
}

// judged adds to the banner the judges' results of slug that wait for a
// director, and the button to their review first: a result waiting for
// confirmation is a result still to enter, a disagreement one to settle
// before the next round is paired.
func (b *banner) judged(slug string, j *judgesWaiting) {
	if j == nil || j.Total() == 0 {
		return
	}
	b.Judges = j.Words()
	b.Actions = append([]link{{"/t/" + slug + "/judge/review", "Review the judges' results"}}, b.Actions...)
}

// pairWords is the pairing button's label.
func pairWords(t *outflank.Tournament, st report.Status) string {
	main := 0
	for _, r := range st.Rounds {
		if r.Stage == string(outflank.StageSwiss) || r.Stage == string(outflank.StageRoundRobin) {
			main++
		}
	}
	if main < st.PlannedRounds {
		return "Pair round " + strconv.Itoa(len(t.Rounds)+1)
	}
	return "Pair the knockout games"
}

// undoable is the change undo would revert now, if there is one.
type undoable struct {
	Event outflank.Event
	OK    bool
}

// event is the change, nil when there is none.
func (u undoable) event() *outflank.Event {
	if !u.OK {
		return nil
	}
	return &u.Event
}

// latestChange finds the change undo would revert now: the latest that
// is neither an undo nor undone; the creation is never undone.
func (s *Server) latestChange(ctx context.Context, slug string) (undoable, error) {
	events, err := s.store.Log(ctx, slug)
	if err != nil {
		return undoable{}, err
	}
	for i := len(events) - 1; i >= 0; i-- {
		ev := events[i]
		if ev.Kind == outflank.KindUndo || ev.UndoneBy != 0 {
			continue
		}
		if ev.Kind == outflank.KindCreate || ev.Kind == outflank.KindImport {
			break
		}
		return undoable{Event: ev, OK: true}, nil
	}
	return undoable{}, nil
}
