package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/report"
)

// Result entry at the keyboard's pace: the table of the next game without
// a result is filled in, the director types the score ("40-24", or "40":
// black's discs, white the rest) and Enter, and the next table comes up.
// A table typed again replaces its result, conditionally: the replacement
// expects the result the page showed (ResultFields.Expect), so if another
// device changed it meanwhile nothing is overwritten, and the page shows
// both and asks. Every result goes through director.EnterResult, as the
// command line's and the write API's do.

// resultsView is the results page of a round.
type resultsView struct {
	Round   report.Round
	Rounds  []report.RoundLine
	Missing int
	// Next is the table the form offers: the next game without a result.
	Next int
	// Shown is what the page shows of each table with a result, "1=40-24;
	// 3=33-31", sent back with the form: a table typed again expects it.
	Shown  string
	Latest *outflank.Event
	// Form is the result as typed, kept when refused; Conflict the result
	// another device entered meanwhile.
	Form     resultForm
	Conflict *resultConflict
	Kinds    []resultKind
	// Needless are the event's knockout games the rules no longer call
	// for (a result corrected after they were paired), each with its
	// withdrawal; Knockout this round's knockout games still to play,
	// each of which can be paired again or withdrawn alone.
	Needless []needlessGame
	Knockout []knockoutGame
	// Paging is the page of the round's tables the list shows, Rows its
	// games: a hundred a page, so that the page of a 1,000-player event's
	// 500 tables stays light on a phone (issue 25: 2,836 elements,
	// Lighthouse's mobile performance 87). It opens on the page of the
	// next table. Tables are every table of the round, for console.js:
	// the form takes any table, whatever the page shows.
	Paging paging
	Rows   []report.Table
	Tables []resultsTable
}

// resultsTable is what console.js knows of a table of the round: its
// number, its result as "40-24" ("" without one), who plays there, and
// whether its result is still to enter (no result, and the game needed).
type resultsTable struct {
	Table   int    `json:"t"`
	Score   string `json:"s,omitempty"`
	Names   string `json:"n"`
	Missing bool   `json:"m,omitempty"`
}

// PageValue is the page shown as the form sends it back ("all", or its
// number), so that the parts answered are those of the same page.
func (v resultsView) PageValue() string {
	if v.Paging.All() {
		return "all"
	}
	return strconv.Itoa(v.Paging.Page)
}

// DrawWin reports whether "How it ended" offers the draw-win: in a round
// with a game that has one (kindsOf).
func (v resultsView) DrawWin() bool {
	for _, k := range v.Kinds {
		if k.Outcome == string(outflank.OutcomeDrawWin) {
			return true
		}
	}
	return false
}

// needlessGame is a knockout game not needed: what it is and why, and the
// address of its withdrawal (a confirmation first).
type needlessGame struct {
	Round, Table int
	Words        string
	Withdraw     string
}

// knockoutGame is a knockout game of the round still to play, with the
// address that pairs it again ("" when its colours are fixed: WOC III.1)
// and the one that withdraws it.
type knockoutGame struct {
	Table            int
	Label            string
	Repair, Withdraw string
}

// resultForm is a result as typed in the form.
type resultForm struct {
	Table, Score, Kind, Reason, Expect string
}

// resultConflict is a replacement refused because the game no longer has
// the result the page showed: what was typed, what is stored now, and who
// stored it, when (the actor the log records on the change).
type resultConflict struct {
	Table   int    `json:"table"`
	Typed   string `json:"typed"`
	Stored  string `json:"stored"`
	Expect  string `json:"expect"`
	Message string `json:"message"`
	Kind    string `json:"kind"`
	Reason  string `json:"reason"`
	Score   string `json:"score"`
	By      string `json:"by"`
	At      string `json:"at,omitempty"`
	Change  int64  `json:"change,omitempty"`
}

// resultKind is an entry of the short menu of ways a game ends.
type resultKind struct {
	Value, Words         string
	Outcome, Side, Sided string
}

// resultKinds are the menu's entries: the outcome, and the side it names
// (Sided: which of ResultFields' sides).
var resultKinds = []resultKind{
	{"", "played to the end", "normal", "", ""},
	{"td-b", "time default: black's flag fell", "time-default", "black", "defaulter"},
	{"td-w", "time default: white's flag fell", "time-default", "white", "defaulter"},
	{"ff-b", "forfeit: black loses", "forfeit", "black", "loser"},
	{"ff-w", "forfeit: white loses", "forfeit", "white", "loser"},
	{"un-b", "not played: black absent", "unplayed", "black", "loser"},
	{"un-w", "not played: white absent", "unplayed", "white", "loser"},
	{"pen", "penalty: the director's score (give a reason)", "penalty", "", ""},
	{"dw-b", "draw-win: black holds it", "draw-win", "black", "winner"},
	{"dw-w", "draw-win: white holds it", "draw-win", "white", "winner"},
}

func (s *Server) handleResults(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	round, _ := strconv.Atoi(r.URL.Query().Get("round"))
	table, _ := strconv.Atoi(r.URL.Query().Get("table"))
	v, err := s.resultsView(w, r, t, round, table)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if wantsJSON(r) {
		s.resultsJSON(w, r, http.StatusOK, v, nil)
		return
	}
	s.consolePage(w, r, http.StatusOK, "console-results", resultsTitle(v), v)
}

func resultsTitle(v consoleView) string {
	page := v.Page.(resultsView)
	return fmt.Sprintf("Results of round %d · %s", page.Round.Round, v.Tournament.Name)
}

// resultsView draws up the results page of round n (0: the first round
// still missing results, else the last), offering the game after table
// without a result.
func (s *Server) resultsView(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, n, table int) (consoleView, error) {
	v := s.newConsoleView(w, r, t, "results")
	if n == 0 {
		n = len(t.Rounds)
		for _, rd := range t.Rounds {
			if rd.Number < n && slicesHasMissing(rd.Games) {
				n = rd.Number
				break
			}
		}
	}
	rd, ok := t.Round(n)
	if !ok && len(t.Rounds) > 0 {
		return v, &missing{message: fmt.Sprintf("%s has no round %d.", t.Name, n), links: []link{{"/t/" + t.Slug + "/admin/results", "The results of the round in play"}}}
	}
	latest, err := s.latestChange(r.Context(), t.Slug)
	if err != nil {
		return v, err
	}
	page := resultsView{Rounds: report.RoundsOf(t), Latest: latest.event(), Kinds: kindsOf(t, rd)}
	base := "/t/" + t.Slug + "/admin"
	for _, ng := range t.NeedlessGames() {
		page.Needless = append(page.Needless, needlessGame{Round: ng.Round, Table: ng.Game.Table, Words: consoleWords(ng.Sentence(t)),
			Withdraw: fmt.Sprintf("%s/games/%d/%d/withdraw", base, ng.Round, ng.Game.Table)})
	}
	if ok {
		page.Round = report.RoundOf(t, rd)
		page.Next = nextTable(page.Round.Games, table)
		page.Knockout = knockoutGamesOf(t, page.Round)
		var shown []string
		for _, g := range page.Round.Games {
			if g.Result == nil && !g.Needless {
				page.Missing++
				continue
			}
			if g.Result == nil {
				continue
			}
			shown = append(shown, fmt.Sprintf("%d=%d-%d", g.Table, g.Result.BlackDiscs, g.Result.WhiteDiscs))
		}
		page.Shown = strings.Join(shown, ";")
		if err := page.pageTables(r, t.Slug); err != nil {
			return v, err
		}
	}
	page.Form.Table = strconv.Itoa(page.Next)
	if page.Next == 0 {
		page.Form.Table = ""
	}
	v.Page = page
	return v, nil
}

// pageTables sets the page of the round's tables shown: the one r asks
// for ("page", in the address or the form), else the one holding the
// next table; one beyond the last (tables withdrawn meanwhile) is the
// last.
func (page *resultsView) pageTables(r *http.Request, slug string) error {
	games := page.Round.Games
	number := 1
	if text := r.FormValue("page"); text != "" {
		var err error
		if number, err = parsePage(text); err != nil {
			return err
		}
	} else {
		for i, g := range games {
			if g.Table == page.Next {
				number = i/listPageSize + 1
			}
		}
	}
	base := fmt.Sprintf("/t/%s/admin/results?round=%d", slug, page.Round.Round)
	page.Paging = paging{Size: listPageSize, Total: len(games), Noun: "tables", Label: "Pages of the round's tables", base: base, firstNamed: true}
	page.Paging.Pages = max(1, (len(games)+listPageSize-1)/listPageSize)
	page.Paging.Page = min(number, page.Paging.Pages)
	page.Rows = pageOf(games, page.Paging)
	page.Tables = make([]resultsTable, len(games))
	for i, g := range games {
		page.Tables[i] = resultsTable{Table: g.Table, Names: g.Black.Name + " v " + g.White.Name, Missing: g.Result == nil && !g.Needless}
		if g.Result != nil {
			page.Tables[i].Score = fmt.Sprintf("%d-%d", g.Result.BlackDiscs, g.Result.WhiteDiscs)
		}
	}
	return nil
}

func slicesHasMissing(games []outflank.Game) bool {
	for _, g := range games {
		if g.Result == nil {
			return true
		}
	}
	return false
}

// nextTable is the first game after table without a result, else the
// first without one, else 0.
func nextTable(games []report.Table, table int) int {
	first := 0
	for _, g := range games {
		if g.Result != nil || g.Needless {
			continue
		}
		if g.Table > table {
			return g.Table
		}
		if first == 0 {
			first = g.Table
		}
	}
	return first
}

// resultsAnswer is the answer to console.js: the page's parts to put in
// place, and what happened.
type resultsAnswer struct {
	OK       bool              `json:"ok"`
	Message  string            `json:"message,omitempty"`
	Note     string            `json:"note,omitempty"`
	Conflict *resultConflict   `json:"conflict,omitempty"`
	Next     int               `json:"next"`
	Shown    string            `json:"shown"`
	Missing  int               `json:"missing"`
	Version  int64             `json:"version"`
	Parts    map[string]string `json:"parts"`
}

// resultsJSON answers console.js with the page's parts as they are now.
func (s *Server) resultsJSON(w http.ResponseWriter, r *http.Request, status int, v consoleView, a *resultsAnswer) {
	if a == nil {
		a = &resultsAnswer{OK: true}
	}
	if a.Message != "" {
		a.Message = consoleWords(a.Message)
	}
	if a.Note != "" {
		a.Note = consoleWords(a.Note)
	}
	page := v.Page.(resultsView)
	a.Next, a.Shown, a.Missing, a.Version, a.Parts = page.Next, page.Shown, page.Missing, v.Tournament.Version, map[string]string{}
	for _, part := range []string{"results-rows", "results-tables", "results-undo", "results-progress", "results-conflict", "results-needless", "results-knockout"} {
		html, err := s.renderPart("console-results", part, v)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		a.Parts[part] = html
	}
	writeConsoleJSON(w, status, a)
}

// expectOf is what a replacement of table expects: the form's expect
// ("none": the page showed no result), else what the page showed.
func expectOf(form resultForm, shown string, table int) string {
	switch form.Expect {
	case "none":
		return ""
	case "":
		for _, entry := range strings.Split(shown, ";") {
			if t, score, ok := strings.Cut(entry, "="); ok && t == strconv.Itoa(table) {
				return score
			}
		}
		return ""
	}
	return form.Expect
}

// fieldsOf turns the form into the fields of a result, as 'outflank
// result' takes them.
func fieldsOf(round, table int, form resultForm, expect string) (director.ResultFields, error) {
	f := director.ResultFields{Round: round, Table: table, Score: strings.TrimSpace(form.Score), Reason: strings.TrimSpace(form.Reason)}
	var kind *resultKind
	for i := range resultKinds {
		if resultKinds[i].Value == form.Kind {
			kind = &resultKinds[i]
		}
	}
	if kind == nil {
		return f, outflank.Errorf(outflank.EINVALID, "unknown kind of result %q: choose one of the menu", form.Kind)
	}
	f.Outcome = kind.Outcome
	switch kind.Sided {
	case "defaulter":
		f.Defaulter = kind.Side
	case "loser":
		f.Loser = kind.Side
	case "winner":
		f.Winner = kind.Side
	}
	if expect != "" {
		f.Replace, f.Expect = true, expect
	}
	return f, nil
}

func (s *Server) handleSaveResult(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	form := resultForm{Table: strings.TrimSpace(r.FormValue("table")), Score: r.FormValue("score"), Kind: r.FormValue("kind"),
		Reason: r.FormValue("reason"), Expect: strings.TrimSpace(r.FormValue("expect"))}
	round, _ := strconv.Atoi(r.FormValue("round"))
	table, err := strconv.Atoi(form.Table)
	if err != nil || table < 1 {
		err = outflank.Errorf(outflank.EINVALID, "table %q: type the number of the table", form.Table)
	}
	var entered *director.Entered
	if err == nil {
		var f director.ResultFields
		if f, err = fieldsOf(round, table, form, expectOf(form, r.FormValue("shown"), table)); err == nil {
			var req director.ResultRequest
			if req, err = f.Request(); err == nil {
				entered, err = director.EnterResult(r.Context(), s.store, t.Slug, req, nil)
			}
		}
	}
	// The page as it is now: after the result, or after whatever made it
	// refused.
	if fresh, ferr := s.store.Tournament(r.Context(), t.Slug); ferr == nil {
		t = fresh
	}
	next := table
	if err != nil {
		next = table - 1 // offer the same table again
	}
	v, verr := s.resultsView(w, r, t, round, next)
	if verr != nil {
		s.fail(w, r, verr)
		return
	}
	if err == nil {
		message := "Saved: " + entered.Event.Summary + "."
		for _, ng := range entered.Needless {
			// The correction decided a match before a game already
			// paired: say so (the page offers its withdrawal).
			message += " " + consoleWords(ng.Sentence(t)) + ": withdraw it with the button below."
		}
		if wantsJSON(r) {
			s.resultsJSON(w, r, http.StatusCreated, v, &resultsAnswer{OK: true, Message: message, Note: entered.Note})
			return
		}
		if entered.Note != "" {
			message += " " + entered.Note
		}
		s.redirectSaved(w, r, fmt.Sprintf("/t/%s/admin/results?round=%d&table=%d", t.Slug, round, table), message)
		return
	}
	status := statusOf(err)
	if status == http.StatusInternalServerError {
		s.log.Error("entering a result", "path", r.URL.Path, "err", err)
	}
	page := v.Page.(resultsView)
	page.Form = form
	a := &resultsAnswer{Message: consoleWords(outflank.ErrorMessage(err))}
	if outflank.ErrorCode(err) == outflank.ECONFLICT && table > 0 {
		if g, gerr := t.Game(round, table); gerr == nil && g.Result != nil {
			// Another device entered this game's result: show both, and
			// let the director choose.
			a.Conflict = &resultConflict{Table: table, Typed: strings.TrimSpace(form.Score), Stored: g.Result.Summary(), Message: a.Message,
				Expect: fmt.Sprintf("%d-%d", g.Result.BlackDiscs, g.Result.WhiteDiscs), Kind: form.Kind, Reason: form.Reason, Score: form.Score,
				By: "another device"}
			if ev := director.LastChange(r.Context(), s.store, t.Slug, outflank.EntityGame, fmt.Sprintf("%d/%d", round, table)); ev != nil {
				// Name the director whose result a replacement would
				// overwrite, as the log records him.
				a.Conflict.By, a.Conflict.At, a.Conflict.Change = ev.Actor, ev.At.Local().Format("15:04:05"), ev.ID
				if ev.Actor == "" {
					a.Conflict.By = "an unrecorded actor"
				}
			}
			page.Conflict = a.Conflict
		}
	}
	v.Page, v.Error = page, a.Message
	if wantsJSON(r) {
		s.resultsJSON(w, r, status, v, a)
		return
	}
	s.consolePage(w, r, status, "console-results", resultsTitle(v), v)
}

// kindsOf is the menu of ways a game of round r ends: the draw-win only in
// a round with a game that has one (a knockout game with the choice of
// colour or draw-win, WOC IV.9), never in a Swiss or round-robin round.
func kindsOf(t *outflank.Tournament, r *outflank.Round) []resultKind {
	drawWin := false
	if r != nil && r.Stage.Withdrawable() {
		for _, g := range r.Games {
			drawWin = drawWin || t.DrawWinApplies(r.Number, g.Table)
		}
	}
	if drawWin {
		return resultKinds
	}
	var kinds []resultKind
	for _, k := range resultKinds {
		if k.Outcome != string(outflank.OutcomeDrawWin) {
			kinds = append(kinds, k)
		}
	}
	return kinds
}

// knockoutGamesOf lists the knockout games of round still to play, each
// with the addresses that pair it again (when its colours are chosen) and
// withdraw it.
func knockoutGamesOf(t *outflank.Tournament, round report.Round) []knockoutGame {
	if !outflank.Stage(round.Stage).Withdrawable() {
		return nil
	}
	base := "/t/" + t.Slug + "/admin"
	chooses := map[string]bool{}
	for _, m := range report.MatchesOf(t) {
		chooses[m.Name] = m.InPlay() && m.Next != nil && m.Next.Chooser != 0
	}
	var out []knockoutGame
	for _, g := range round.Games {
		if g.Result != nil || g.Needless {
			continue
		}
		kg := knockoutGame{Table: g.Table, Label: round.Stage, Withdraw: fmt.Sprintf("%s/games/%d/%d/withdraw", base, round.Round, g.Table)}
		if g.MatchLabel != "" {
			kg.Label = fmt.Sprintf("%s, game %d", g.MatchLabel, g.Game)
		}
		if chooses[g.Match] {
			kg.Repair = fmt.Sprintf("%s/pair?match=%s&replace=1", base, url.QueryEscape(g.Match))
		}
		out = append(out, kg)
	}
	return out
}
