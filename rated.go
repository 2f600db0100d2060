package outflank

import "outflank/rules"

// RatingConditions returns the conditions t's games are played under, as
// its settings give them, the ruleset's where they are not set.
func (t *Tournament) RatingConditions() rules.Conditions {
	s := t.Settings
	place := s.Place
	if place == "" {
		place = rules.DefaultPlace(t.Rules)
	}
	return rules.Conditions{Place: place, Clocks: s.Clocks != No, Told: s.Told != No, Minutes: s.Minutes}
}

// Unrated lists why t's games are not rated, each with its rule
// (rules.Rated); none when they are.
func (t *Tournament) Unrated() []rules.Unrated {
	return rules.Rated(t.Rules, t.RatingConditions())
}

// GameRated reports whether g counts for the rating list: a game played
// (with a result, neither forfeited nor unplayed: no game was played to
// rate) in a tournament whose games are rated.
func (t *Tournament) GameRated(g Game) bool {
	res := g.Result
	if res == nil || res.Outcome == OutcomeForfeit || res.Outcome == OutcomeUnplayed {
		return false
	}
	return len(t.Unrated()) == 0
}

// NormalizePlace returns the place a director typed as stored: a
// three-letter code, a two-letter ISO code made three ("GB", "UK": "GBR"),
// or "" for the ruleset's.
func NormalizePlace(place string) (string, error) {
	return normalizeCountry(place, "the place")
}
