package report

import (
	"context"

	"outflank"
)

// Tournaments is what 'list --json' prints and /api/tournaments serves:
// every tournament of the store, the latest first, each with its state
// ("upcoming", "in-play", "finished") and where it is, in words (Status's
// Summary).
type Tournaments struct {
	Tournaments []TournamentLine `json:"tournaments"`
}

// TournamentLine is a tournament in the list. Rounds counts the rounds
// entered (knockout rounds included), PlannedRounds those of the main
// stage.
type TournamentLine struct {
	Slug          string `json:"slug"`
	Name          string `json:"name"`
	Date          string `json:"date"`
	Rules         string `json:"rules"`
	Players       int    `json:"players"`
	Rounds        int    `json:"rounds"`
	PlannedRounds int    `json:"planned_rounds"`
	State         string `json:"state"`
	Summary       string `json:"summary"`
}

// TournamentsOf lists the tournaments of list, each loaded by load for its
// state.
func TournamentsOf(ctx context.Context, list []outflank.TournamentSummary, load func(ctx context.Context, slug string) (*outflank.Tournament, error)) (Tournaments, error) {
	doc := Tournaments{Tournaments: []TournamentLine{}}
	for _, s := range list {
		t, err := load(ctx, s.Slug)
		if outflank.ErrorCode(err) == outflank.ENOTFOUND {
			continue // removed since the list was read
		} else if err != nil {
			return doc, err
		}
		doc.Tournaments = append(doc.Tournaments, TournamentLineOf(t))
	}
	return doc, nil
}

// TournamentLineOf is t's line in the list of tournaments.
func TournamentLineOf(t *outflank.Tournament) TournamentLine {
	st := StatusOf(t)
	return TournamentLine{Slug: t.Slug, Name: t.Name, Date: t.Date, Rules: string(t.Rules), Players: len(t.Players), Rounds: len(t.Rounds),
		PlannedRounds: st.PlannedRounds, State: st.State, Summary: st.Summary}
}
