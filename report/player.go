package report

import (
	"slices"

	"outflank"
	"outflank/rules"
)

// Player is a player's own page: his line of the player list, his place
// in each list he is on, his games round by round with his running points,
// his knockout matches and, once the event is complete, his place in the
// order of finish.
type Player struct {
	Tournament string        `json:"tournament"`
	Player     PlayerLine    `json:"player"`
	Lists      []ListPlace   `json:"lists"`
	Rounds     []PlayerRound `json:"rounds"`
	Matches    []Match       `json:"matches"`
	Finish     *Place        `json:"finish,omitempty"`
}

// ListPlace is a player's line in a list: "ifrl", "wfrl", "yfrl" (with
// his Brightwell quotient and discs there), or "tfrl" (his team's rank and
// points, and whether his own are among those counted).
type ListPlace struct {
	List    string   `json:"list"`
	Rank    int      `json:"rank"`
	Equal   bool     `json:"equal"`
	Points  float64  `json:"points"`
	BQ      *float64 `json:"bq,omitempty"`
	Discs   *int     `json:"discs,omitempty"`
	Team    string   `json:"team,omitempty"`
	Counted bool     `json:"counted,omitempty"`
}

// PlayerRound is one of the player's rounds: Kind "game" (at Table, with
// Colour "black" or "white", against Opponent; Result nil while in play),
// "bye", "absent" (a game not played), "withdrawn" or "none". Discs and
// Against are the discs the round scores, a bye's and an absence's
// included (the ruleset's: BOF 7 and general rule 11). Points are the
// round's points for the list, Running the total after it: the rounds that
// count for the list only (knockout games do not: WOC II.3.3, III).
type PlayerRound struct {
	Round    int          `json:"round"`
	Stage    string       `json:"stage"`
	Kind     string       `json:"kind"`
	Table    int          `json:"table,omitempty"`
	Colour   string       `json:"colour,omitempty"`
	Opponent *MatchPlayer `json:"opponent,omitempty"`
	Result   *Result      `json:"result,omitempty"`
	Mark     string       `json:"mark,omitempty"`
	Discs    *int         `json:"discs,omitempty"`
	Against  *int         `json:"opponent_discs,omitempty"`
	Points   *float64     `json:"points,omitempty"`
	Running  float64      `json:"running"`
	Counts   bool         `json:"counts"`
}

// PlayerOf draws up the page of player id, or ENOTFOUND.
func PlayerOf(t *outflank.Tournament, id int) (Player, error) {
	p, ok := t.Player(id)
	if !ok {
		return Player{}, outflank.Errorf(outflank.ENOTFOUND, "%s has no player %d", t.Name, id)
	}
	d := Player{Tournament: t.Slug, Lists: []ListPlace{}, Rounds: []PlayerRound{}, Matches: []Match{}}
	for _, line := range PlayerListOf(t).Players {
		if line.ID == id {
			d.Player = line
		}
	}
	ifrl := t.IFRL(0)
	add := func(list string, rows []Row) {
		for _, r := range rows {
			if r.Player == id {
				bq, discs := r.BQ, r.Discs
				d.Lists = append(d.Lists, ListPlace{List: list, Rank: r.Rank, Equal: r.Equal, Points: r.Points, BQ: &bq, Discs: &discs})
			}
		}
	}
	add("ifrl", rowsDoc(t, ifrl.Current()))
	// The women's, young players' and team lists are the WOC's (WOC
	// II.4-6): an event of another ruleset has none (pages.go).
	if SideLists(t) {
		women, wfinal, _ := t.Women(ifrl)
		if wfinal != nil {
			women = wfinal
		}
		add("wfrl", rowsDoc(t, women))
		if young, yfinal, _, err := t.Young(ifrl); err == nil {
			if yfinal != nil {
				young = yfinal
			}
			add("yfrl", rowsDoc(t, young))
		}
		if team := p.TeamOrCountry(); team != "" {
			for _, r := range t.Teams(ifrl) {
				if r.Team == team {
					d.Lists = append(d.Lists, ListPlace{List: "tfrl", Rank: r.Rank, Equal: r.Equal, Points: r.Points, Team: team, Counted: slices.Contains(r.Counted, id)})
				}
			}
		}
	}
	running := 0.0
	for _, r := range t.Rounds {
		pr := playerRound(t, &r, p)
		if pr.Counts && pr.Points != nil {
			running += *pr.Points
		}
		pr.Running = running
		if pr.Kind == CellGame || pr.Counts {
			d.Rounds = append(d.Rounds, pr)
		}
	}
	for _, m := range MatchesOf(t) {
		if m.Higher.Player == id || m.Lower.Player == id {
			d.Matches = append(d.Matches, m)
		}
	}
	if f := t.OrderOfFinish(rules.TitleIndividual); f.Complete {
		for _, pl := range placesDoc(t, f) {
			if pl.Player == id {
				d.Finish = &pl
			}
		}
	}
	return d, nil
}

// playerRound is what p did in round r.
func playerRound(t *outflank.Tournament, r *outflank.Round, p *outflank.Player) PlayerRound {
	pr := PlayerRound{Round: r.Number, Stage: string(r.Stage), Kind: CellNone, Counts: !knockoutStage(r.Stage)}
	points := func(x float64) { pr.Points = &x }
	discs := func(d [2]int) { pr.Discs, pr.Against = &d[0], &d[1] }
	if slices.Contains(r.Byes, p.ID) {
		pr.Kind = CellBye
		points(1)
		discs(t.Settings.ByeDiscs)
		return pr
	}
	for _, g := range r.Games {
		if g.Black != p.ID && g.White != p.ID {
			continue
		}
		opp, colour := g.White, "black"
		if g.White == p.ID {
			opp, colour = g.Black, "white"
		}
		pr.Kind, pr.Table, pr.Colour = CellGame, g.Table, colour
		pr.Opponent = &MatchPlayer{Player: opp, Name: nameOf(t, opp)}
		if res := g.Result; res != nil {
			pr.Result = resultOf(res)
			own, theirs := res.BlackDiscs, res.WhiteDiscs
			bp, wp := res.Points()
			if colour == "white" {
				own, theirs, bp = theirs, own, wp
			}
			pr.Discs, pr.Against = &own, &theirs
			pr.Mark = Marks[res.Outcome]
			if res.DiscsUnknown {
				pr.Mark = "?"
			}
			points(bp)
		}
		return pr
	}
	switch {
	case !p.Active(r.Number):
		pr.Kind = CellWithdrawn
	case p.AbsentIn(r.Number) && pr.Counts:
		pr.Kind = CellAbsent
		pr.Mark = Marks[outflank.OutcomeUnplayed]
		points(0)
		discs(t.Settings.UnplayedDiscs)
	}
	return pr
}
