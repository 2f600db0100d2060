package web

import (
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/report"
	"outflank/wof"
	"outflank/words"
)

// The registration desk: the WOF player database searched as the director
// types, players added by hand or from a CSV file (the reader of 'player
// import'), corrected and withdrawn. A late entry is a registration like
// any other until the round it would play in is paired (director.AddPlayer
// says when it is late).

// playersView is the players' page.
type playersView struct {
	List  report.PlayerList
	Query string
	Found []suggestion
	More  int
	// Equal is how many players match the search best: more than one,
	// they are namesakes for the director to choose from.
	Equal    int
	PlayerDB *outflank.PlayerDBInfo
	// Missing are the players whose gender or birth date the women's and
	// young players' lists need (outflank.MissingDetails), each with a
	// form to give them; Odd points out an additional player who makes
	// the field odd (outflank.AdditionalOdd).
	Missing    []outflank.MissingDetails
	MissingWhy string
	Odd        string
	// HandOpen opens the by-hand form: it was sent with a name and
	// refused, or the database has nobody of the name searched.
	HandOpen bool
	// Hand is the form of a player added by hand, as typed.
	Hand handForm
	// Rounds is the number of rounds entered (a withdrawal's default);
	// Played the players with a game or a bye in one, who withdraw, where
	// the others' registration may be taken back.
	Rounds int
	Played map[int]bool
	// Find is the search among the registered players (?find=): their
	// list shows those it matches, from the whole field; Total is how many
	// players the list holds before paging, Paging its page (a hundred
	// players a page: a 1,000-player event's page stays under the budget
	// of paging.go).
	Find   string
	Total  int
	Paging paging
	// Searchable: the field is more than a page, and so has a search.
	Searchable bool
}

// handForm is a registration typed by hand.
type handForm struct {
	Name, Country, Rating, Gender, Born, Team, WOFID string
	Seeded, Additional                               bool
	// Citizenship, ResidentSince and Exemption are what eligibility
	// reads (WOC I.2.3, BOF National 12-13); Override is the director's
	// reason to register a player its rules refuse (audited).
	Citizenship, ResidentSince, Exemption, Override string
}

func (s *Server) handleConsolePlayers(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	s.playersPage(w, r, t, http.StatusOK, "", nil, handForm{})
}

// playersPage renders the players' page with a message and warnings, and
// the hand form as typed.
func (s *Server) playersPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string, warnings []string, hand handForm) {
	number, err := readPage(r) // reads query parameter "page"
	if err != nil {
		s.fail(w, r, err)
		return
	}
	page := playersView{List: report.PlayerListOf(t), Query: strings.TrimSpace(r.URL.Query().Get("q")), Hand: hand, Rounds: len(t.Rounds), Played: map[int]bool{},
		Missing: t.MissingDetails(), MissingWhy: t.MissingWhy(), Odd: t.AdditionalOdd(), HandOpen: hand.Name != ""}
	if !page.HandOpen && page.Query != "" {
		// The name just searched is the one to register by hand when the
		// database does not have it (a WOF id searched goes to its field).
		if _, err := strconv.Atoi(page.Query); err == nil {
			page.Hand.WOFID = page.Query
		} else {
			page.Hand.Name = page.Query
		}
	}
	for _, rd := range t.Rounds {
		for _, p := range t.Players {
			if rd.Plays(p.ID) {
				page.Played[p.ID] = true
			}
		}
	}
	// reads query parameter "find"
	page.Find = strings.TrimSpace(r.URL.Query().Get("find"))
	if len(page.Find) > 200 {
		page.Find = page.Find[:200]
	}
	base := "/t/" + t.Slug + "/admin/players"
	if page.Find != "" {
		page.List.Players = findRegistered(page.List.Players, page.Find)
		base += "?" + url.Values{"find": {page.Find}}.Encode()
	}
	page.Total, page.Searchable = len(page.List.Players), len(t.Players) > listPageSize
	if page.Paging, err = newPaging(number, page.Total, listPageSize, base, "players", "Pages of the players"); err != nil {
		s.fail(w, r, err)
		return
	}
	page.List.Players = pageOf(page.List.Players, page.Paging)
	if s.playerDB != nil {
		page.PlayerDB, _ = s.playerDB.PlayerDBInfo(r.Context())
	}
	if page.Query != "" {
		found, equal, err := s.searchPlayerDB(r, t, page.Query)
		if err != nil && outflank.ErrorCode(err) != outflank.ENOTFOUND {
			s.fail(w, r, err)
			return
		}
		page.Equal, page.HandOpen = equal, page.HandOpen || len(found) == 0
		if len(found) > maxSuggestions {
			page.More, found = len(found)-maxSuggestions, found[:maxSuggestions]
		}
		page.Found = found
	}
	v := s.newConsoleView(w, r, t, "players")
	v.Error, v.Warnings, v.Page = message, warnings, page
	s.consolePage(w, r, status, "console-players", "Players · "+t.Name, v)
}

// findRegistered is the players of the list that text finds: a number is
// a player's number or WOF id, else each word typed starts a different
// word of the name (accents and case ignored: "lea dub" finds "DUBOIS,
// Léa"), or the text is the country or the team.
func findRegistered(players []report.PlayerLine, text string) []report.PlayerLine {
	want := wof.FoldWords(text)
	n, numeric := strconv.Atoi(text)
	var found []report.PlayerLine
	for _, p := range players {
		switch {
		case numeric == nil && (p.ID == n || p.WOFID == n && n != 0),
			numeric != nil && (wof.StartWords(want, wof.FoldWords(p.Name)) || strings.EqualFold(p.Country, text) || p.Team != "" && strings.EqualFold(p.Team, text)):
			found = append(found, p)
		}
	}
	return found
}

// playersPageOf is the address of the page of the players' list that
// holds player id, where a write about him leads back to.
func playersPageOf(t *outflank.Tournament, id int) string {
	players := report.PlayerListOf(t).Players
	i := slices.IndexFunc(players, func(p report.PlayerLine) bool { return p.ID == id })
	p, _ := newPaging(1, len(players), listPageSize, "/t/"+t.Slug+"/admin/players", "players", "")
	return p.URL(max(i, 0)/listPageSize + 1)
}

// handleRegister registers a player: one of the player database (wof_id,
// the rest filled in from it), or one typed by hand.
func (s *Server) handleRegister(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	hand := handForm{Name: r.FormValue("name"), Country: strings.TrimSpace(r.FormValue("country")), Rating: strings.TrimSpace(r.FormValue("rating")), WOFID: strings.TrimSpace(r.FormValue("wof_id")),
		Gender: r.FormValue("gender"), Born: strings.TrimSpace(r.FormValue("born")), Team: r.FormValue("team"),
		Seeded: r.FormValue("seeded") != "", Additional: r.FormValue("additional") != "",
		Citizenship: strings.TrimSpace(r.FormValue("citizenship")), ResidentSince: strings.TrimSpace(r.FormValue("resident_since")),
		Exemption: r.FormValue("exemption"), Override: r.FormValue("override")}
	again := func(status int, message string) { s.playersPage(w, r, t, status, message, nil, hand) }
	p := outflank.Player{Name: hand.Name, Country: hand.Country, Gender: hand.Gender, Born: hand.Born, Team: hand.Team, Seeded: hand.Seeded, Additional: hand.Additional,
		Citizenship: hand.Citizenship, ResidentSince: hand.ResidentSince, Exemption: hand.Exemption}
	var err error
	if p.Rating, err = formInt(r, "rating"); err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	if p.WOFID, err = formInt(r, "wof_id"); err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	var from string
	var warnings []string
	if p.WOFID != 0 {
		if from, warnings, err = s.fillFromPlayerDB(r, &p); err != nil {
			s.consoleFailed(w, r, err, again)
			return
		}
	}
	reg, err := director.Register(r.Context(), s.store, t.Slug, p, director.Entry{From: from, TypedRating: hand.Rating != "", Override: hand.Override})
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	message := fmt.Sprintf("Registered #%d %s.", reg.Player.ID, reg.Player.Name)
	for _, warning := range append(warnings, reg.Warnings...) {
		message += " Check: " + warning
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin/players", message)
}

// fillFromPlayerDB completes a player known by WOF id from the player
// database, as 'player add --players-db' does (director.FillFromPlayerDB),
// and says so for the log. Without a database loaded, a player typed by
// hand with a WOF id is registered as typed.
func (s *Server) fillFromPlayerDB(r *http.Request, p *outflank.Player) (string, []string, error) {
	db, info, err := s.directoryOf(r.Context())
	if err != nil {
		if p.Name != "" && outflank.ErrorCode(err) == outflank.ENOTFOUND {
			return "", nil, nil
		}
		return "", nil, err
	}
	return director.FillFromPlayerDB(p, db, info.Source)
}

// maxPlayersCSV bounds a players CSV uploaded to the console: the players
// CSV's default limit on the command line (docs/formats.md, "Size limits of
// the files read"; cmd/outflank's kindPlayersCSV), far above a real file
// (5,000 players take about 300 KB).
const maxPlayersCSV = 16 << 20

// handleImport registers the players of a CSV file, all or none, as
// 'player import' does.
func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	again := func(status int, message string) { s.playersPage(w, r, t, status, message, nil, handForm{}) }
	file, header, err := r.FormFile("file")
	if err != nil {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "choose the CSV file of the players to import"), again)
		return
	}
	defer file.Close()
	source := filepath.Base(header.Filename)
	text, err := exchange.NewTextReader(file, r.FormValue("encoding"))
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	players, err := exchange.ReadPlayersCSV(text)
	if err != nil {
		s.consoleFailed(w, r, outflank.Errorf(outflank.ErrorCode(err), "%s: %s", source, outflank.ErrorMessage(err)), again)
		return
	}
	if len(players) == 0 {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "%s has a header but no players", source), again)
		return
	}
	// The rows with a WOF id are completed from the player database, as
	// 'player import --players-db' does; without one loaded, they are
	// registered as the file gives them.
	var warnings []string
	if db, info, err := s.directoryOf(r.Context()); err == nil {
		if warnings, err = director.FillPlayersFromDB(players, db, source, info.Source); err != nil {
			s.consoleFailed(w, r, err, again)
			return
		}
	} else if outflank.ErrorCode(err) != outflank.ENOTFOUND {
		s.consoleFailed(w, r, err, again)
		return
	}
	imported, err := director.ImportPlayers(r.Context(), s.store, t.Slug, players, source, r.FormValue("override"))
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	message := fmt.Sprintf("Imported %s from %s.", words.Count(len(players), "player"), source)
	if text.Encoding() == exchange.EncodingLatin1 && r.FormValue("encoding") != exchange.EncodingLatin1 {
		message += " The file is not UTF-8: it was read as Latin-1 (Windows-1252); if names look wrong, undo and import it again choosing its encoding."
	}
	for _, warning := range append(warnings, imported.Warnings...) {
		message += " Check: " + warning
	}
	s.redirectSaved(w, r, "/t/"+t.Slug+"/admin/players", message)
}

// playerForm is the correction form of one player.
type playerForm struct {
	Player                                           outflank.Player
	Name, Country, Rating, Gender, Born, Team, WOFID string
	// Citizenship, ResidentSince and Exemption: see handForm.
	Citizenship, ResidentSince, Exemption string
	// Seeded and Additional are group A of the first round's draw (WOC
	// II.7.1) and the additional player (WOC II.2); Drawn says round 1 is
	// paired, when group A no longer changes anything.
	Seeded, Additional, Drawn bool
	// Absence says whether the ruleset lets a player miss rounds and come
	// back, and why not.
	Absence     bool
	AbsenceRule string
	// Missing says what the women's and young players' lists lack of the
	// player (outflank.Tournament.MissingWarning), "" when nothing; Odd,
	// for the additional player, that he makes the field odd.
	Missing, Odd string
}

func (s *Server) handlePlayerForm(w http.ResponseWriter, r *http.Request) {
	t, p, ok := s.pathPlayer(w, r)
	if !ok {
		return
	}
	s.playerFormPage(w, r, t, http.StatusOK, "", playerFormOf(p))
}

// playerFormOf is the correction form of p as registered: an unrated
// player's rating and an unknown WOF id are left empty, not "0".
func playerFormOf(p *outflank.Player) playerForm {
	number := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	return playerForm{Player: *p, Name: p.Name, Country: p.Country, Rating: number(p.Rating), Gender: p.Gender, Born: p.Born, Team: p.Team, WOFID: number(p.WOFID),
		Citizenship: p.Citizenship, ResidentSince: p.ResidentSince, Exemption: p.Exemption, Seeded: p.Seeded, Additional: p.Additional}
}

func (s *Server) playerFormPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string, form playerForm) {
	form.Absence, form.AbsenceRule = t.AbsenceAllowed()
	form.Drawn = len(t.Rounds) > 0
	form.Missing = t.MissingWarning(form.Player.ID)
	if form.Player.Additional {
		form.Odd = t.AdditionalOdd()
	}
	v := s.newConsoleView(w, r, t, "players")
	v.Error, v.Page = message, form
	s.consolePage(w, r, status, "console-player", form.Player.Name+" · "+t.Name, v)
}

// pathPlayer is the tournament of the path's {slug} and its player {id},
// or an answer already sent (a 404).
func (s *Server) pathPlayer(w http.ResponseWriter, r *http.Request) (*outflank.Tournament, *outflank.Player, bool) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return nil, nil, false
	}
	id, err := strconv.Atoi(r.PathValue("id"))
	p, ok := t.Player(id)
	if err != nil || !ok {
		s.notFound(w, r, fmt.Sprintf("%s has no player %q.", t.Name, r.PathValue("id")), link{"/t/" + t.Slug + "/admin/players", "The players"})
		return nil, nil, false
	}
	return t, p, true
}

// handleEditPlayer saves the fields of a correction form that changed.
// Only the fields the form has change: the whole form of the player's
// page, or the gender and birth date of the players page's list of what
// the lists lack. The checkboxes (group A, the additional player) change
// when the form says it shows them (a field "checks" naming each), since a
// box left unticked is not sent.
func (s *Server) handleEditPlayer(w http.ResponseWriter, r *http.Request) {
	t, p, ok := s.pathPlayer(w, r)
	if !ok {
		return
	}
	if err := r.ParseForm(); err != nil {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "the form could not be read: %v", err), func(status int, message string) { s.playersPage(w, r, t, status, message, nil, handForm{}) })
		return
	}
	form := playerFormOf(p)
	again := func(status int, message string) { s.playerFormPage(w, r, t, status, message, form) }
	var edit outflank.PlayerEdit
	for _, f := range []struct {
		key  string
		dst  **string
		form *string
		old  string
	}{{"name", &edit.Name, &form.Name, p.Name}, {"country", &edit.Country, &form.Country, p.Country}, {"gender", &edit.Gender, &form.Gender, p.Gender},
		{"born", &edit.Born, &form.Born, p.Born}, {"team", &edit.Team, &form.Team, p.Team},
		{"citizenship", &edit.Citizenship, &form.Citizenship, p.Citizenship}, {"resident_since", &edit.ResidentSince, &form.ResidentSince, p.ResidentSince}, {"exemption", &edit.Exemption, &form.Exemption, p.Exemption}} {
		if _, given := r.PostForm[f.key]; !given {
			continue
		}
		now := r.PostFormValue(f.key)
		if f.key != "name" && f.key != "team" {
			now = strings.TrimSpace(now)
		}
		*f.form = now
		if now != f.old {
			*f.dst = &now
		}
	}
	for _, n := range []struct {
		key  string
		dst  **int
		form *string
		old  int
	}{{"rating", &edit.Rating, &form.Rating, p.Rating}, {"wof_id", &edit.WOFID, &form.WOFID, p.WOFID}} {
		if _, given := r.PostForm[n.key]; !given {
			continue
		}
		*n.form = strings.TrimSpace(r.PostFormValue(n.key))
		v, err := atoiForm(n.key, *n.form)
		if err != nil {
			s.consoleFailed(w, r, err, again)
			return
		}
		if v != n.old {
			*n.dst = &v
		}
	}
	shown := r.PostForm["checks"]
	for _, c := range []struct {
		key  string
		dst  **bool
		form *bool
		old  bool
	}{{"seeded", &edit.Seeded, &form.Seeded, p.Seeded}, {"additional", &edit.Additional, &form.Additional, p.Additional}} {
		if !slices.Contains(shown, c.key) {
			continue
		}
		now := r.PostFormValue(c.key) != ""
		*c.form = now
		if now != c.old {
			*c.dst = &now
		}
	}
	edited, err := director.EditPlayer(r.Context(), s.store, t.Slug, p.ID, edit, r.PostFormValue("override"))
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	message := "Saved: " + edited.Event.Summary + "."
	for _, warning := range edited.Warnings {
		message += " Check: " + warning
	}
	s.redirectSaved(w, r, playersPageOf(t, p.ID), message)
}

// handleWithdraw records a withdrawal after the round the form gives (by
// default the last one entered).
func (s *Server) handleWithdraw(w http.ResponseWriter, r *http.Request) {
	t, p, ok := s.pathPlayer(w, r)
	if !ok {
		return
	}
	after := -1
	if strings.TrimSpace(r.FormValue("after_round")) != "" {
		n, err := formInt(r, "after_round")
		if err != nil {
			s.playersPage(w, r, t, http.StatusBadRequest, outflank.ErrorMessage(err), nil, handForm{})
			return
		}
		after = n
	}
	if !confirmed(r) {
		s.confirmWithdraw(w, r, t, p, after)
		return
	}
	ev, err := director.Withdraw(r.Context(), s.store, t.Slug, strconv.Itoa(p.ID), after)
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.playersPage(w, r, t, status, message, nil, handForm{}) })
		return
	}
	s.redirectSaved(w, r, playersPageOf(t, p.ID), "Saved: "+ev.Summary+".")
}

// handleRemovePlayer takes back a registration before the player's first
// game (a player who has played withdraws instead).
func (s *Server) handleRemovePlayer(w http.ResponseWriter, r *http.Request) {
	t, p, ok := s.pathPlayer(w, r)
	if !ok {
		return
	}
	ev, err := director.RemovePlayer(r.Context(), s.store, t.Slug, p.ID)
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.playersPage(w, r, t, status, message, nil, handForm{}) })
		return
	}
	s.redirectSaved(w, r, playersPageOf(t, p.ID), "Saved: "+ev.Summary+".")
}
