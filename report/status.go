package report

import (
	"fmt"
	"strings"

	"outflank"
	"outflank/rules"
	"outflank/words"
)

// Status is what 'status --json' prints and /api/t/{slug} serves: the
// event as it stands. Summary says it in a spectator's words ("round 5 of
// 13 in play, 38 of 40 results in", "in play: semi-final 1, game 3");
// Headline and Lines are what the event needs next, as 'status' prints it
// for the director. Champions are the titles' winners once decided,
// ListWinners the first of each final list.
type Status struct {
	Tournament    string   `json:"tournament"`
	Name          string   `json:"name"`
	Date          string   `json:"date"`
	Rules         string   `json:"rules"`
	State         string   `json:"state"`
	Summary       string   `json:"summary"`
	Headline      string   `json:"headline"`
	Lines         []string `json:"lines"`
	Done          bool     `json:"done"`
	Players       int      `json:"players"`
	PlannedRounds int      `json:"planned_rounds"`
	// System says the main stage's system for the field and the rule
	// that decides it (outflank.SystemChoice).
	System        string      `json:"system"`
	CompleteRound int         `json:"complete_round"`
	InPlay        *InPlay     `json:"in_play,omitempty"`
	Rounds        []RoundLine `json:"rounds"`
	Matches       []Match     `json:"matches"`
	Champions     []Winner    `json:"champions"`
	ListWinners   []Winner    `json:"list_winners"`
	// Unrated gives, when the games will not be rated, each reason with
	// its rule (outflank.Tournament.Unrated); absent when they will be.
	Unrated []string `json:"unrated,omitempty"`
	// TitleExcluded names the players who play but not in the play-off
	// for the title, and why (BOF National 13: the chairman's exemption);
	// absent when there are none.
	TitleExcluded []string `json:"title_excluded,omitempty"`
}

// The states of an event: no round paired yet, under way, every stage
// played.
const (
	StateUpcoming = "upcoming"
	StateInPlay   = "in-play"
	StateFinished = "finished"
)

// RoundLine is a round in the list of an event's rounds: its stage, its
// games and how many have a result, its byes.
type RoundLine struct {
	Round   int    `json:"round"`
	Stage   string `json:"stage"`
	Games   int    `json:"games"`
	Results int    `json:"results"`
	Byes    int    `json:"byes"`
}

// Winner is the first of a title's order of finish ("individual",
// "women", "young") or of a final list ("ifrl", "wfrl", "yfrl").
type Winner struct {
	Title  string `json:"title,omitempty"`
	List   string `json:"list,omitempty"`
	Player int    `json:"player"`
	Name   string `json:"name"`
}

// RoundsOf lists t's rounds.
func RoundsOf(t *outflank.Tournament) []RoundLine {
	out := []RoundLine{}
	for _, r := range t.Rounds {
		line := RoundLine{Round: r.Number, Stage: string(r.Stage), Games: len(r.Games), Byes: len(r.Byes)}
		for _, g := range r.Games {
			if g.Result != nil {
				line.Results++
			}
		}
		out = append(out, line)
	}
	return out
}

// StatusOf draws up t's status.
func StatusOf(t *outflank.Tournament) Status {
	step := t.Status()
	progress := t.Progress()
	d := Status{Tournament: t.Slug, Name: t.Name, Date: t.Date, Rules: string(t.Rules), Headline: step.Headline, Lines: step.Lines,
		Done: step.Done, Players: len(t.Players), PlannedRounds: t.PlannedRounds(), System: t.System().String(), CompleteRound: progress.Complete,
		Matches: MatchesOf(t), Champions: []Winner{}, ListWinners: []Winner{}}
	if d.Lines == nil {
		d.Lines = []string{}
	}
	if len(progress.InPlay) > 0 {
		d.InPlay = &InPlay{Rounds: progress.InPlay, Results: progress.Results, Games: progress.Games}
	}
	d.Rounds = RoundsOf(t)
	d.TitleExcluded = t.TitleExclusions()
	for _, u := range t.Unrated() {
		d.Unrated = append(d.Unrated, u.String())
	}
	d.State = StateInPlay
	switch {
	case step.Done && len(t.Players) > 0:
		d.State = StateFinished
	case len(t.Rounds) == 0:
		d.State = StateUpcoming
	}
	titles := []rules.Title{rules.TitleIndividual}
	if t.Plan().SideLists {
		titles = append(titles, rules.TitleWomen, rules.TitleYoung)
	}
	for _, title := range titles {
		f := t.OrderOfFinish(title)
		if len(f.Places) > 0 && !f.Places[0].Undecided && (f.Complete || strings.HasSuffix(f.Places[0].By, "final")) {
			p := f.Places[0]
			d.Champions = append(d.Champions, Winner{Title: titleName(title), Player: p.Player, Name: nameOf(t, p.Player)})
		}
	}
	d.ListWinners = listWinners(t)
	d.Summary = summary(t, d, progress)
	return d
}

// listWinners are the players ranked first in each final list.
func listWinners(t *outflank.Tournament) []Winner {
	out := []Winner{}
	ifrl := t.IFRL(0)
	add := func(list string, rows []Row) {
		for _, r := range rows {
			if r.Rank == 1 {
				out = append(out, Winner{List: list, Player: r.Player, Name: r.Name})
			}
		}
	}
	if ifrl.Final == nil {
		return out
	}
	add("ifrl", rowsDoc(t, ifrl.Final))
	if t.Plan().SideLists {
		_, women, _ := t.Women(ifrl)
		add("wfrl", rowsDoc(t, women))
		if _, young, _, err := t.Young(ifrl); err == nil {
			add("yfrl", rowsDoc(t, young))
		}
	}
	return out
}

// summary says where the event is, in a spectator's words.
func summary(t *outflank.Tournament, d Status, p outflank.Progress) string {
	main := 0
	for _, r := range d.Rounds {
		if r.Stage == string(outflank.StageRoundRobin) || r.Stage == string(outflank.StageSwiss) {
			main++
		}
	}
	switch {
	case d.Players == 0:
		return "no players yet"
	case d.State == StateFinished:
		var names []string
		for _, c := range d.Champions {
			if c.Title == "individual" {
				names = append(names, c.Name)
			}
		}
		if len(names) == 0 {
			return "finished"
		}
		return "finished; won by " + strings.Join(names, " and ")
	case len(p.InPlay) > 0:
		return fmt.Sprintf("%s of %d in play, %d of %s in", roundsWord(p.InPlay), d.PlannedRounds, p.Results, words.Count(p.Games, "result"))
	case main == 0:
		return fmt.Sprintf("%s registered; round 1 of %d not paired yet", words.Count(d.Players, "player"), d.PlannedRounds)
	case main < d.PlannedRounds:
		return fmt.Sprintf("round %d of %d complete; round %d not paired yet", main, d.PlannedRounds, main+1)
	}
	var playing, next []string
	for _, m := range d.Matches {
		switch {
		case m.InPlay():
			playing = append(playing, fmt.Sprintf("%s, game %d", m.Label, len(m.Games)))
		case !m.Done && m.Next != nil:
			next = append(next, fmt.Sprintf("%s, game %d", m.Label, m.Next.Game))
		}
	}
	for _, r := range t.Rounds {
		if r.Stage != outflank.StagePlacement {
			continue
		}
		for _, g := range r.Games {
			if g.Result == nil {
				playing = append(playing, fmt.Sprintf("placement round %d", r.Number))
				break
			}
		}
	}
	switch {
	case len(playing) > 0:
		return "in play: " + strings.Join(playing, "; ")
	case len(next) > 0:
		return fmt.Sprintf("%s played; next: %s", allRounds(d.PlannedRounds), strings.Join(next, "; "))
	}
	return allRounds(d.PlannedRounds) + " played"
}

// allRounds names every round of an event: "all 7 rounds", "the 1 round".
func allRounds(n int) string {
	if n == 1 {
		return "the 1 round"
	}
	return "all " + words.Count(n, "round")
}
