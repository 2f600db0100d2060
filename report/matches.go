package report

import (
	"outflank"
	"outflank/knockout"
	"outflank/rules"
)

// Match is a knockout match, decided or not: a playoff of the provisional
// list, a semi-final, a third place or a final (outflank.Match). Its
// players are the higher-ranked (who has the first choice of colour) and
// the lower-ranked; its games are in order, the last one possibly in play.
type Match struct {
	Name         string      `json:"name"`
	Label        string      `json:"label"`
	Stage        string      `json:"stage"`
	Title        string      `json:"title"`
	Format       string      `json:"format"`
	Higher       MatchPlayer `json:"higher"`
	Lower        MatchPlayer `json:"lower"`
	Games        []MatchGame `json:"games"`
	HigherPoints float64     `json:"higher_points"`
	LowerPoints  float64     `json:"lower_points"`
	HigherDiscs  int         `json:"higher_discs"`
	LowerDiscs   int         `json:"lower_discs"`
	Done         bool        `json:"done"`
	// Winner is the winner's id once Done, Reason what decided it.
	Winner int    `json:"winner,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Next is what the next game needs; nil once Done. Time is the WOC
	// third-day time slot of the next game (Appendix B).
	Next *NextGame `json:"next"`
	Time string    `json:"time,omitempty"`
	// Blocked says why the match cannot go on (its games break its
	// format's rules).
	Blocked string `json:"blocked,omitempty"`
	// Needless are the games paired after the one that decided the
	// match, which the rules no longer call for (outflank.NeedlessGame),
	// until the director withdraws them.
	Needless []MatchGame `json:"needless,omitempty"`
}

// MatchPlayer is one of a match's two players.
type MatchPlayer struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
}

// MatchGame is a game of a match, where it is played and its result (nil
// while in play), with the choice of colour or draw-win recorded for it.
type MatchGame struct {
	Game   int              `json:"game"`
	Round  int              `json:"round"`
	Table  int              `json:"table"`
	Black  int              `json:"black"`
	White  int              `json:"white"`
	Result *Result          `json:"result"`
	Choice *outflank.Choice `json:"choice,omitempty"`
}

// NextGame is what the rules say of a match's next game: who has the
// choice of colour (Chooser), or, when colours are fixed (game 2: colours
// reversed), who is Black; DrawWin when the choice is of colour or
// draw-win (WOC IV.9); the time per player.
type NextGame struct {
	Game    int  `json:"game"`
	Chooser int  `json:"chooser,omitempty"`
	Black   int  `json:"black,omitempty"`
	DrawWin bool `json:"draw_win"`
	Minutes int  `json:"minutes,omitempty"`
}

// MatchesOf lists t's knockout matches drawn so far (outflank's Matches):
// the playoffs, then each title's semi-finals, third place and final.
func MatchesOf(t *outflank.Tournament) []Match {
	out := []Match{}
	for _, m := range t.Matches() {
		out = append(out, matchOf(t, m))
	}
	return out
}

func matchOf(t *outflank.Tournament, m outflank.Match) Match {
	s := m.State
	d := Match{Name: m.Name, Label: m.Label, Stage: string(m.Stage), Title: titleName(m.Title), Format: formatName(m.Format),
		Higher: MatchPlayer{m.Higher, nameOf(t, m.Higher)}, Lower: MatchPlayer{m.Lower, nameOf(t, m.Lower)}, Games: []MatchGame{},
		HigherPoints: s.HigherPoints, LowerPoints: s.LowerPoints, HigherDiscs: s.HigherDiscs, LowerDiscs: s.LowerDiscs,
		Done: s.Done, Blocked: m.Blocked}
	for i, mg := range m.Games {
		g := mg.Game
		d.Games = append(d.Games, MatchGame{Game: i + 1, Round: mg.Round, Table: g.Table, Black: g.Black, White: g.White, Result: resultOf(g.Result), Choice: g.Choice})
	}
	for i, mg := range m.Needless {
		g := mg.Game
		d.Needless = append(d.Needless, MatchGame{Game: len(m.Games) + i + 1, Round: mg.Round, Table: g.Table, Black: g.Black, White: g.White, Result: resultOf(g.Result), Choice: g.Choice})
	}
	side := func(x knockout.Side) int {
		if x == knockout.Higher {
			return m.Higher
		}
		return m.Lower
	}
	if s.Done {
		d.Winner, d.Reason = side(s.Winner), s.Reason
	}
	if n := s.Next; n != nil && !s.Done {
		next := &NextGame{Game: n.Number, DrawWin: n.DrawWin, Minutes: rules.StageMinutes(t.Rules, m.Kind)}
		switch {
		case n.Fixed && n.HigherBlack:
			next.Black = m.Higher
		case n.Fixed:
			next.Black = m.Lower
		default:
			next.Chooser = side(n.Chooser)
		}
		d.Next = next
		if m.Slot >= 0 && m.Slot < len(rules.ThirdDay) {
			d.Time = rules.ThirdDay[m.Slot].Time
		}
	}
	return d
}

// titleName names a title in documents: "individual", "women", "young".
func titleName(t rules.Title) string {
	if t == rules.TitleIndividual {
		return "individual"
	}
	return string(t)
}

// formatName names a match's format in documents.
func formatName(f knockout.Format) string {
	switch f {
	case knockout.BestOfThree:
		return "best-of-three"
	case knockout.TwoGames:
		return "two-games"
	case knockout.OneGame:
		return "one-game"
	case knockout.BOFPlayoff:
		return "bof-playoff"
	}
	return ""
}

// InPlay reports whether the match's last game waits for its result.
func (m Match) InPlay() bool {
	return len(m.Games) > 0 && m.Games[len(m.Games)-1].Result == nil
}

// Played counts the match's games with a result.
func (m Match) Played() int {
	n := 0
	for _, g := range m.Games {
		if g.Result != nil {
			n++
		}
	}
	return n
}

// Last is the match's last game (the zero game when it has none).
func (m Match) Last() MatchGame {
	if len(m.Games) == 0 {
		return MatchGame{}
	}
	return m.Games[len(m.Games)-1]
}

// NameOf names one of the match's two players.
func (m Match) NameOf(id int) string {
	if id == m.Higher.Player {
		return m.Higher.Name
	}
	return m.Lower.Name
}
