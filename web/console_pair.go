package web

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"outflank"
	"outflank/director"
	"outflank/pairing"
	"outflank/report"
	"outflank/words"
)

// Pairing the next round from the console: a proposal, computed from the
// event, a seed and the director's fixes (director.Propose) and shown with
// its explanation; the director fixes or forbids pairs and asks again (a
// GET: nothing is written); publishing pairs once more with the same seed
// and fixes, refused if the event changed meanwhile
// (director.PairAsProposed). The public pages show the round once it is
// published, not before. The knockout stages (playoffs, semi-finals,
// finals) are paired the same way, with each chooser's colour or draw-win.

// proposalView is the pairing page.
type proposalView struct {
	Round   int
	Version int64
	Seed    string
	Fix     []pairControl
	Forbid  []pairControl
	// Choices and Untold are the choices of colour the proposal is
	// computed with ("13=white") and the players who have not told
	// theirs yet; Replace pairs Match's game in play again, in place.
	Choices []string
	Untold  []string
	Match   string
	Replace bool
	// Notes say which games have colours for want of a choice not told
	// yet (outflank.Paired.Notes).
	Notes []string
	// Rounds are the rounds the pairing makes (a knockout time slot may
	// pair several stages at once); empty with Refused.
	Rounds  []proposedRound
	Refused string
	// Check compares the round with the fixes to Outflank's optimum.
	Check *pairCheckView
	// Active are the players who may be paired (for the fix form),
	// Choosers the knockout games whose colours a player chooses, Matches
	// the knockout matches that may be paired alone.
	Active   []outflank.Player
	Choosers []chooser
	Matches  []report.Match
	// NewSeed is the address of the same proposal with another seed.
	NewSeed string
	Query   url.Values
}

// Numbers names the rounds the proposal pairs: "round 12", "rounds 12 and
// 13" (a knockout time slot pairs several at once); the round to pair
// when there is no proposal.
func (p proposalView) Numbers() string {
	var n []string
	for _, r := range p.Rounds {
		n = append(n, strconv.Itoa(r.Number))
	}
	switch len(n) {
	case 0:
		return "round " + strconv.Itoa(p.Round)
	case 1:
		return "round " + n[0]
	}
	return "rounds " + listWords(n)
}

// Heading is the page's heading: "Pair rounds 12 and 13"; "Pair semi-
// final 1, game 3 again" for a game paired again in place.
func (p proposalView) Heading() string {
	if p.Replace {
		for _, c := range p.Choosers {
			return "Pair " + c.Label + " again"
		}
		return "Pair a knockout game again"
	}
	return "Pair " + p.Numbers()
}

// Undecided reports whether a chooser's decision is still to be given:
// publishing waits for it (no colour is chosen in silence).
func (p proposalView) Undecided() bool {
	for _, c := range p.Choosers {
		if c.Chosen == "" || (c.Chosen == string(outflank.ChoseDrawWin) && c.OpponentChosen == "") {
			return true
		}
	}
	return false
}

// CanForbid reports whether a game of the proposal has a "forbid" link
// (a Swiss round's games have; a knockout's have not).
func (p proposalView) CanForbid() bool {
	for _, r := range p.Rounds {
		for _, g := range r.Games {
			if g.Forbid != "" {
				return true
			}
		}
	}
	return false
}

// pairControl is a fixed or forbidden pair, with the address of the
// proposal without it.
type pairControl struct {
	Text, Words, Remove string
}

// proposedRound is a round as the proposal pairs it.
type proposedRound struct {
	Number   int
	Stage    string
	Method   string
	Criteria []string
	Games    []proposedGame
	Byes     []report.Seat
	// Absent are the players marked absent in the round: not paired
	// (issue 24: the proposal left them out without a word).
	Absent []report.Seat
	Totals []int64
	Exact  bool
}

// proposedGame is a game of the proposal, with its cost under each
// criterion and why a player floats.
type proposedGame struct {
	report.Table
	Costs  []int64
	Fixed  bool
	Breaks string
	Float  string
	// Forbid is the address of the proposal with this pair forbidden.
	Forbid string
}

// pairCheckView is pair --check's comparison of the round with the fixes
// and Outflank's optimum without them.
type pairCheckView struct {
	Criteria        []string
	Given, Optimum  []int64
	Verdict, Decide string
}

// chooser is a knockout game whose colours a player chooses (WOC IV.9):
// the choices he has, what was chosen (Chosen: "black", "white",
// "draw-win", "untold" or "" when nothing is yet; OpponentChosen the
// opponent's colour after a draw-win, the same way), and what the
// proposal pairs with it (Paired: "Kim black, Nguyen white").
type chooser struct {
	Label, Player, Opponent string
	PlayerID, OpponentID    int
	DrawWin                 bool
	Chosen, OpponentChosen  string
	Paired                  string
	// ForNow is the colour the chooser plays while his choice is not
	// told (outflank.UntoldSide), Other the other one.
	ForNow, Other string
}

// Field and OpponentField are the names of the form's two groups of
// choices for this game.
func (c chooser) Field() string         { return "c" + strconv.Itoa(c.PlayerID) }
func (c chooser) OpponentField() string { return "c" + strconv.Itoa(c.OpponentID) }

func (s *Server) handleProposal(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	if q.Has("fix-black") || q.Has("fix-white") {
		// The fix form's two players become one pair "BLACK-WHITE".
		b, w2 := q.Get("fix-black"), q.Get("fix-white")
		q.Del("fix-black")
		q.Del("fix-white")
		if b != "" && w2 != "" && b != w2 {
			q.Add("fix", b+"-"+w2)
		}
		http.Redirect(w, r, r.URL.Path+"?"+q.Encode(), http.StatusSeeOther)
		return
	}
	if q.Get("seed") == "" {
		// The seed is drawn once and kept in the address: the proposal
		// is the same at each reload, and publishing pairs it again.
		seed, err := director.ParseSeed("")
		if err != nil {
			s.fail(w, r, err)
			return
		}
		q.Set("seed", strconv.FormatUint(seed, 10))
		http.Redirect(w, r, r.URL.Path+"?"+q.Encode(), http.StatusSeeOther)
		return
	}
	s.proposalPage(w, r, t, http.StatusOK, "", q)
}

// pairRequestOf reads a pairing request from the proposal's query or the
// publishing form.
func pairRequestOf(t *outflank.Tournament, q url.Values) (director.PairRequest, error) {
	seed, err := director.ParseSeed(strings.TrimSpace(q.Get("seed")))
	if err != nil {
		return director.PairRequest{}, err
	}
	req := director.PairRequest{Round: len(t.Rounds) + 1, Seed: seed, Match: q.Get("match"), Replace: q.Get("replace") != "" && q.Get("match") != ""}
	for _, list := range []struct {
		field string
		dst   *[]string
	}{{"fix", &req.Fix}, {"forbid", &req.Forbid}, {"choice", &req.Choices}, {"untold", &req.Untold}} {
		for _, v := range q[list.field] {
			if v = strings.TrimSpace(v); v != "" && !slices.Contains(*list.dst, v) {
				*list.dst = append(*list.dst, v)
			}
		}
	}
	return req, nil
}

// proposalPage computes the proposal the query asks for and renders it.
func (s *Server) proposalPage(w http.ResponseWriter, r *http.Request, t *outflank.Tournament, status int, message string, q url.Values) {
	base := "/t/" + t.Slug + "/admin/pair"
	page := proposalView{Round: len(t.Rounds) + 1, Version: t.Version, Seed: q.Get("seed"), Match: q.Get("match"), Query: q,
		Replace: q.Get("replace") != "" && q.Get("match") != ""}
	v := s.newConsoleView(w, r, t, "pair")
	v.Error = message
	req, err := pairRequestOf(t, q)
	if err != nil {
		page.Refused = consoleWords(outflank.ErrorMessage(err))
	} else {
		page.Choices, page.Untold = req.Choices, req.Untold
		without := func(field, value string) string {
			c := cloneValues(q)
			c[field] = slices.DeleteFunc(slices.Clone(c[field]), func(x string) bool { return x == value })
			return base + "?" + c.Encode()
		}
		for _, f := range req.Fix {
			page.Fix = append(page.Fix, pairControl{Text: f, Words: pairWordsOf(t, f), Remove: without("fix", f)})
		}
		for _, f := range req.Forbid {
			page.Forbid = append(page.Forbid, pairControl{Text: f, Words: pairWordsOf(t, f), Remove: without("forbid", f)})
		}
		paired, copied, err := director.Propose(t, req)
		if err != nil {
			page.Refused = consoleWords(outflank.ErrorMessage(err))
		} else {
			for _, n := range paired.Notes {
				page.Notes = append(page.Notes, consoleWords(n))
			}
			for _, p := range append([]*outflank.Paired{paired}, paired.Also...) {
				page.Rounds = append(page.Rounds, proposedRoundOf(copied, p, forbiddenOf(t, req.Forbid), func(b, w int) string {
					c := cloneValues(q)
					c.Add("forbid", fmt.Sprintf("%d-%d", b, w))
					return base + "?" + c.Encode()
				}))
			}
			if len(req.Fix)+len(req.Forbid) > 0 {
				page.Check = checkOf(t, req)
			}
		}
	}
	next := len(t.Rounds) + 1
	for _, p := range t.Players {
		if p.Available(next) {
			page.Active = append(page.Active, p)
		}
	}
	st := report.StatusOf(t)
	for _, m := range st.Matches {
		if m.Done || m.Next == nil || m.Blocked != "" {
			continue
		}
		// The matches a pairing concerns: those due (or the one named);
		// with Replace, the one whose game in play is paired again.
		if page.Replace != m.InPlay() || (page.Replace && m.Name != page.Match) {
			continue
		}
		if !page.Replace {
			page.Matches = append(page.Matches, m)
			if page.Match != "" && m.Name != page.Match {
				continue
			}
		}
		// A chooser whose game the proposal does not pair (a later time
		// slot's) has nothing to choose yet.
		if ch := chooserOf(m, page); m.Next.Chooser != 0 && (ch.Paired != "" || len(page.Rounds) == 0) {
			page.Choosers = append(page.Choosers, ch)
		}
	}
	c := cloneValues(q)
	c.Del("seed")
	page.NewSeed = base + "?" + c.Encode()
	v.Page = page
	s.consolePage(w, r, status, "console-pair", page.Heading()+" · "+t.Name, v)
}

// chooserOf is the choice of colour of m's next game as the page has it.
func chooserOf(m report.Match, page proposalView) chooser {
	c := m.Next.Chooser
	ch := chooser{Label: fmt.Sprintf("%s, game %d", capitalize(m.Label), m.Next.Game), PlayerID: c, DrawWin: m.Next.DrawWin,
		ForNow: string(outflank.UntoldSide), Other: string(outflank.UntoldSide.Other())}
	ch.Player, ch.OpponentID, ch.Opponent = m.NameOf(c), m.Lower.Player, m.Lower.Name
	if c == m.Lower.Player {
		ch.OpponentID, ch.Opponent = m.Higher.Player, m.Higher.Name
	}
	for _, text := range page.Choices {
		if who, what, ok := strings.Cut(text, "="); ok && who == strconv.Itoa(c) {
			ch.Chosen = what
		} else if ok && who == strconv.Itoa(ch.OpponentID) {
			ch.OpponentChosen = what
		}
	}
	for _, who := range page.Untold {
		switch who {
		case strconv.Itoa(c):
			ch.Chosen = "untold"
		case strconv.Itoa(ch.OpponentID):
			ch.OpponentChosen = "untold"
		}
	}
	// What the proposal pairs: the form shows it beside the choice.
	for _, r := range page.Rounds {
		for _, g := range r.Games {
			if (g.Black.ID == c && g.White.ID == ch.OpponentID) || (g.White.ID == c && g.Black.ID == ch.OpponentID) {
				ch.Paired = fmt.Sprintf("%s black, %s white", g.Black.Name, g.White.Name)
			}
		}
	}
	return ch
}

// choicesOf reads the form's choices of colour (a group "c13" per
// player: black, white, draw-win or untold) into the proposal's query:
// choice=13=white, untold=13. An opponent's colour counts only after the
// chooser's draw-win.
func choicesOf(t *outflank.Tournament, form url.Values, q url.Values) {
	q.Del("choice")
	q.Del("untold")
	st := report.StatusOf(t)
	for _, m := range st.Matches {
		if m.Next == nil || m.Next.Chooser == 0 {
			continue
		}
		c := m.Next.Chooser
		other := m.Lower.Player
		if c == other {
			other = m.Higher.Player
		}
		add := func(id int, what string) {
			switch what {
			case "black", "white", "draw-win":
				q.Add("choice", fmt.Sprintf("%d=%s", id, what))
			case "untold":
				q.Add("untold", strconv.Itoa(id))
			}
		}
		what := form.Get("c" + strconv.Itoa(c))
		add(c, what)
		if what == string(outflank.ChoseDrawWin) {
			if o := form.Get("c" + strconv.Itoa(other)); o != "draw-win" {
				add(other, o)
			}
		}
	}
}

func cloneValues(q url.Values) url.Values {
	c := url.Values{}
	for k, vs := range q {
		c[k] = slices.Clone(vs)
	}
	return c
}

// pairWordsOf names the players of a pair "A-B" given by ids or names.
func pairWordsOf(t *outflank.Tournament, text string) string {
	p, err := director.ParsePair(t, text)
	if err != nil {
		return text
	}
	return t.Describe(p.Black) + " v " + t.Describe(p.White)
}

// proposedRoundOf draws up a round of the proposal from t as paired: its
// games with their costs and floats, its byes and totals. forbid is the
// address that forbids a pair.
func proposedRoundOf(t *outflank.Tournament, p *outflank.Paired, forbidden map[[2]int]bool, forbid func(black, white int) string) proposedRound {
	doc := report.RoundOf(t, p.Round)
	out := proposedRound{Number: p.Round.Number, Stage: string(p.Round.Stage), Method: p.Round.Method, Byes: doc.Byes, Absent: doc.Absent}
	byPair := map[[2]int]pairing.Pairing{}
	if res := p.Swiss; res != nil {
		for _, c := range res.Criteria {
			out.Criteria = append(out.Criteria, c.String())
		}
		for _, q := range res.Pairings {
			byPair[[2]int{q.Black, q.White}] = q
		}
		out.Totals, out.Exact = res.Totals, !slices.ContainsFunc(res.Pairings, func(q pairing.Pairing) bool { return q.Fixed })
	}
	fl := floats{t: t, round: p.Round.Number, forbidden: forbidden, groups: map[float64][]report.Seat{}, partner: map[int]int{}, fixed: map[int]bool{}}
	for _, g := range doc.Games {
		fl.groups[g.Black.Points] = append(fl.groups[g.Black.Points], g.Black)
		fl.groups[g.White.Points] = append(fl.groups[g.White.Points], g.White)
		fl.partner[g.Black.ID], fl.partner[g.White.ID] = g.White.ID, g.Black.ID
		if q, ok := byPair[[2]int{g.Black.ID, g.White.ID}]; ok && q.Fixed {
			fl.fixed[g.Black.ID], fl.fixed[g.White.ID] = true, true
		}
	}
	for _, b := range doc.Byes {
		fl.groups[b.Points] = append(fl.groups[b.Points], b)
	}
	for _, g := range doc.Games {
		pg := proposedGame{Table: g}
		if q, ok := byPair[[2]int{g.Black.ID, g.White.ID}]; ok {
			pg.Costs, pg.Fixed, pg.Breaks = q.Costs, q.Fixed, q.Breaks
		}
		if p.Round.Stage == outflank.StageSwiss {
			pg.Forbid = forbid(g.Black.ID, g.White.ID)
			pg.Float = fl.words(g)
		}
		out.Games = append(out.Games, pg)
	}
	return out
}

// forbiddenOf is the set of the pairs the director forbids, either way.
func forbiddenOf(t *outflank.Tournament, texts []string) map[[2]int]bool {
	set := map[[2]int]bool{}
	for _, text := range texts {
		if p, err := director.ParsePair(t, text); err == nil {
			set[[2]int{min(p.Black, p.White), max(p.Black, p.White)}] = true
		}
	}
	return set
}

// floats explains the floats of a proposed Swiss round: who is on which
// score, who is paired with whom, which pairs are fixed or forbidden.
type floats struct {
	t         *outflank.Tournament // with the proposed round
	round     int                  // the proposed round's number
	forbidden map[[2]int]bool
	groups    map[float64][]report.Seat // the players by points
	partner   map[int]int               // each player's opponent in the proposal
	fixed     map[int]bool              // the players of a fixed pair
}

// words says why a pair of players on different points meet: the higher
// floats down, the lower up. The reason is the floater's own, looked up
// among the players of his score: an odd number of them, or each of the
// others met before, fixed with another, forbidden to him, of his
// country (when the rules keep countrymen apart); or, when some of them
// could have met him, that pairing within the score would have cost
// more on a criterion the rules rank above the score (the costs shown).
func (f *floats) words(g report.Table) string {
	high, low := g.Black, g.White
	if high.Points == low.Points {
		return ""
	}
	if high.Points < low.Points {
		high, low = low, high
	}
	group := f.groups[high.Points]
	head := fmt.Sprintf("%s floats down from %s to %s (%s floats up)", high.Name, words.Number(high.Points), words.Points(low.Points), low.Name)
	if f.fixed[high.ID] && f.partner[high.ID] == low.ID {
		return head + ": you fixed this pair"
	}
	if len(group)%2 == 1 {
		if len(group) == 1 {
			return fmt.Sprintf("%s: the 1 player on %s is alone, so meets a lower score", head, words.Points(high.Points))
		}
		return fmt.Sprintf("%s: the %d players on %s are an odd number, so one of them meets a lower score", head, len(group), words.Points(high.Points))
	}
	var fixedAway []string
	for _, x := range group {
		if f.fixed[x.ID] {
			fixedAway = append(fixedAway, x.Name)
		}
	}
	if left := len(group) - len(fixedAway); len(fixedAway) > 0 && left%2 == 1 {
		if left == 1 {
			return fmt.Sprintf("%s: with %s fixed in another pair, the 1 player left on %s is alone, so meets a lower score", head, listWords(fixedAway), words.Points(high.Points))
		}
		return fmt.Sprintf("%s: with %s fixed in another pair, the %d players left on %s are an odd number, so one of them meets a lower score", head, listWords(fixedAway), left, words.Points(high.Points))
	}
	var met, fixed, forbidden, country, free []string
	for _, x := range group {
		if x.ID == high.ID {
			continue
		}
		switch {
		case f.meetings(high.ID, x.ID) > 0:
			met = append(met, x.Name)
		case f.fixed[x.ID]:
			fixed = append(fixed, x.Name)
		case f.forbidden[[2]int{min(high.ID, x.ID), max(high.ID, x.ID)}]:
			forbidden = append(forbidden, x.Name)
		case f.t.Settings.AvoidSameCountry && f.sameCountry(high.ID, x.ID):
			country = append(country, x.Name)
		default:
			free = append(free, x.Name)
		}
	}
	var why []string
	if len(met) > 0 {
		why = append(why, "has met "+listWords(met))
	}
	if len(fixed) > 0 {
		why = append(why, "cannot meet "+listWords(fixed)+", fixed in other pairs")
	}
	if len(forbidden) > 0 {
		why = append(why, "may not meet "+listWords(forbidden)+" (forbidden)")
	}
	if len(country) > 0 {
		why = append(why, "is kept apart from "+listWords(country)+", of the same country or team")
	}
	if len(free) == 0 {
		return fmt.Sprintf("%s: on %s, %s %s, so no one on his score is left for him", head, words.Points(high.Points), high.Name, listWords(why))
	}
	reason := fmt.Sprintf("%s could meet %s, but they are paired within their score", high.Name, listWords(free))
	if len(why) > 0 {
		reason = fmt.Sprintf("%s %s; he could meet %s, but they are paired within their score", high.Name, listWords(why), listWords(free))
	}
	return fmt.Sprintf("%s: %s, as every pairing that keeps him there costs more on a criterion ranked above the score (see the costs)", head, reason)
}

// meetings counts the games a and b played before the proposed round.
func (f *floats) meetings(a, b int) int {
	n := 0
	for _, r := range f.t.Rounds {
		if r.Number >= f.round {
			continue
		}
		for _, g := range r.Games {
			if (g.Black == a && g.White == b) || (g.Black == b && g.White == a) {
				n++
			}
		}
	}
	return n
}

// sameCountry says whether a and b share a team or country.
func (f *floats) sameCountry(a, b int) bool {
	pa, okA := f.t.Player(a)
	pb, okB := f.t.Player(b)
	return okA && okB && pa.TeamOrCountry() != "" && pa.TeamOrCountry() == pb.TeamOrCountry()
}

// listWords is "A", "A and B", "A, B and C".
func listWords(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// pointsWords is "1 point", "2.5 points".

// checkOf prices the round with the fixes next to Outflank's optimum, as
// 'pair --check' does; nil where that does not apply (a round robin, a
// knockout game).
func checkOf(t *outflank.Tournament, req director.PairRequest) *pairCheckView {
	opts := outflank.CheckOptions{Seed: &req.Seed}
	var err error
	if opts.Fixed, opts.Forbidden, err = director.ParsePairs(t, req.Fix, req.Forbid); err != nil {
		return nil
	}
	c, err := t.CheckPairing(opts)
	if err != nil || c.Optimum == nil {
		return nil
	}
	v := &pairCheckView{Given: c.Given.Totals, Optimum: c.Optimum.Totals}
	for _, crit := range c.Given.Criteria {
		v.Criteria = append(v.Criteria, crit.String())
	}
	first, _, _ := c.Compare()
	switch {
	case first < 0:
		v.Verdict = "As good as Outflank's optimum without them: the same total on every criterion."
	case c.Given.Totals[first] > c.Optimum.Totals[first]:
		v.Verdict = "Worse than Outflank's optimum without them"
		v.Decide = fmt.Sprintf("it loses on %s (%d v %d), the first criterion, in priority order, where the totals differ.", c.Given.Criteria[first], c.Given.Totals[first], c.Optimum.Totals[first])
	default:
		v.Verdict = "Better than the optimum"
		v.Decide = fmt.Sprintf("on %s (%d v %d): only a round that breaks a rule, or pairs other players, can be.", c.Given.Criteria[first], c.Given.Totals[first], c.Optimum.Totals[first])
	}
	return v
}

// handlePublish saves the proposal the form carries: the same seed, fixes
// and choices, if the event is still at the version it was computed
// from. Choices of colour changed in the form, or "Show the colours",
// show the proposal they give first (a redirect to it): what is published
// is always what the page showed. Every chooser's decision is needed,
// given or said not to be told yet (outflank.PairOptions.AskChoices).
func (s *Server) handlePublish(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	if err := r.ParseForm(); err != nil {
		s.errorPage(w, r, http.StatusBadRequest, "The form could not be read.")
		return
	}
	q := url.Values{}
	for _, k := range []string{"seed", "fix", "forbid", "choice", "untold", "match", "replace"} {
		q[k] = r.PostForm[k]
	}
	shown := cloneValues(q)
	choicesOf(t, r.PostForm, q)
	if r.PostFormValue("action") == "show" || !sameValues(shown["choice"], q["choice"]) || !sameValues(shown["untold"], q["untold"]) {
		message := ""
		if r.PostFormValue("action") != "show" {
			message = "The choices of colour changed: check the colours below, then publish."
		}
		s.redirectSaved(w, r, "/t/"+t.Slug+"/admin/pair?"+q.Encode(), message)
		return
	}
	again := func(status int, message string) { s.proposalPage(w, r, t, status, message, q) }
	req, err := pairRequestOf(t, q)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	req.AskChoices = true
	version, err := strconv.ParseInt(r.PostFormValue("version"), 10, 64)
	if err != nil {
		s.consoleFailed(w, r, outflank.Errorf(outflank.EINVALID, "the form lacks the version of the event it was proposed from: reload the proposal"), again)
		return
	}
	if round, _ := strconv.Atoi(r.PostFormValue("round")); round != 0 {
		req.Round = round
	}
	p, err := director.PairAsProposed(r.Context(), s.store, t.Slug, req, version)
	if err != nil {
		if outflank.ErrorCode(err) == outflank.ECONFLICT {
			// The event changed: the proposal shown now is the new one.
			if fresh, ferr := s.store.Tournament(r.Context(), t.Slug); ferr == nil {
				t = fresh
			}
		}
		s.consoleFailed(w, r, err, again)
		return
	}
	message := fmt.Sprintf("Published: %s. It is on the public pages now; print the pairings and score sheets below.", p.Event.Summary)
	for _, n := range p.Paired.Notes {
		message += " " + consoleWords(n) + "."
	}
	s.redirectSaved(w, r, fmt.Sprintf("/t/%s/admin/results?round=%d", t.Slug, p.Paired.Round.Number), message)
}

// sameValues reports whether a and b hold the same values, in any order.
func sameValues(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
