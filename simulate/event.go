package simulate

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"outflank"
	"outflank/knockout"
	"outflank/othello"
	"outflank/rules"
)

// Options describe a simulated event.
type Options struct {
	Rules   rules.ID
	Players int
	// Rounds of the main stage; 0 takes the ruleset's plan for the field.
	Rounds int
	Seed   uint64
	// Progress, if set, is told after each round how many are played.
	Progress func(played, planned int)
}

// Event runs a whole event: a field with names, countries, ratings,
// genders, birth dates and group A; every stage paired by the ruleset, every
// game a real legal game; until the last stage is played. The same options
// give the same event.
func Event(opts Options) (*outflank.Tournament, error) {
	if opts.Players < 2 {
		return nil, outflank.Errorf(outflank.EINVALID, "a tournament needs at least 2 players, not %d", opts.Players)
	}
	t, err := outflank.NewTournament(fmt.Sprintf("sim-%s-%d", opts.Rules, opts.Players),
		fmt.Sprintf("Simulated %s event, %d players", opts.Rules, opts.Players), "2026-08-01", opts.Rules, opts.Rounds)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 0x73696d))
	t.Settings.DrawSeed = rng.Uint64()
	if err := addField(t, rng, opts.Players); err != nil {
		return nil, err
	}
	rounds := t.PlannedRounds()
	for guard := 0; ; guard++ {
		if guard > 10*rounds+100 {
			return nil, fmt.Errorf("simulate: the event did not finish after %d steps: %s", guard, t.Status().Text)
		}
		if playOpenGames(t, rng) {
			continue
		}
		if t.Status().Done {
			return t, nil
		}
		if _, err := t.PairNext(outflank.PairOptions{Seed: rng.Uint64()}); err != nil {
			return nil, fmt.Errorf("simulate: round %d: %w", len(t.Rounds)+1, err)
		}
		if opts.Progress != nil {
			opts.Progress(len(t.Rounds), t.PlannedRounds())
		}
	}
}

// countries are those of the simulated players, each with its names.
var countries = []string{"JPN", "FRA", "GBR", "NED", "USA", "ITA", "CHN", "THA", "GER", "AUS", "BEL", "SWE"}

// addField registers a field of n players (Field).
func addField(t *outflank.Tournament, rng *rand.Rand, n int) error {
	field, err := Field(rng, n)
	if err != nil {
		return err
	}
	reg := t.Registrar()
	for _, p := range field {
		if _, err := reg.Add(p); err != nil {
			return fmt.Errorf("simulate: %w", err) // cannot happen: the namer gives each name once
		}
	}
	return nil
}

// Field returns n players to register: names of their country and gender,
// ratings spread like a real field, about a third women, some young
// players, the eight best-rated in group A (seeded). The names come from a
// random stream of their own, seeded from rng.
func Field(rng *rand.Rand, n int) ([]outflank.Player, error) {
	namer := newNamer(rand.New(rand.NewPCG(rng.Uint64(), 0x6e616d6573)))
	var field []outflank.Player
	for range n {
		p := outflank.Player{
			Country: countries[rng.IntN(len(countries))],
			Rating:  int(1700 + 250*rng.NormFloat64()),
		}
		if rng.IntN(3) == 0 {
			p.Gender = "f"
		} else {
			p.Gender = "m"
		}
		var ok bool
		if p.Name, ok = namer.name(p.Country, p.Gender); !ok {
			return nil, outflank.Errorf(outflank.EINVALID, "simulate: %d players are more than the names a simulated field has; simulate fewer", n)
		}
		year := 1960 + rng.IntN(50)
		if rng.IntN(6) == 0 {
			year = 2012 + rng.IntN(5) // 14 or less at the end of 2026
		}
		p.Born = fmt.Sprintf("%d-%02d-%02d", year, 1+rng.IntN(12), 1+rng.IntN(28))
		p.Rating = max(600, min(2800, p.Rating))
		field = append(field, p)
	}
	byRating := slices.Clone(field)
	slices.SortFunc(byRating, func(a, b outflank.Player) int { return b.Rating - a.Rating })
	seeded := map[string]bool{}
	for _, p := range byRating[:min(8, len(byRating))] {
		seeded[p.Name] = true
	}
	for i := range field {
		field[i].Seeded = seeded[field[i].Name]
	}
	return field, nil
}

// playOpenGames plays every game without a result; it reports whether
// there were any.
func playOpenGames(t *outflank.Tournament, rng *rand.Rand) bool {
	any := false
	for ri := range t.Rounds {
		r := &t.Rounds[ri]
		for gi := range r.Games {
			g := &r.Games[gi]
			if g.Result != nil {
				continue
			}
			any = true
			if res, err := PlayResult(t, rng, r.Number, g.Table); err == nil {
				g.Result = res
			}
		}
	}
	return any
}

// PlayResult plays the game at round and table of t, a real legal game
// between its players (PlayGame), and returns its result as the ruleset
// scores it: in a one-game knockout match, a drawn game goes to the player
// without the choice of colour (WOC IV.9 a).
func PlayResult(t *outflank.Tournament, rng *rand.Rand, round, table int) (*outflank.Result, error) {
	g, err := t.Game(round, table)
	if err != nil {
		return nil, err
	}
	black, _ := t.Player(g.Black)
	white, _ := t.Player(g.White)
	moves := PlayGame(rng, black.Rating, white.Rating)
	res, err := t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeNormal, Moves: othello.FormatTranscript(moves)})
	if err != nil {
		return nil, fmt.Errorf("simulate: %w", err) // cannot happen: the game is legal and finished
	}
	if res.BlackDiscs == 32 && oneGameKnockout(t.Plan(), stageOf(t, round)) {
		// The chooser took black, so a draw goes to the other player.
		return t.Settings.ScoreResult(outflank.ResultInput{Outcome: outflank.OutcomeDrawWin, Moves: res.Moves, Winner: outflank.White})
	}
	return res, nil
}

// stageOf returns the stage of round n of t.
func stageOf(t *outflank.Tournament, n int) outflank.Stage {
	for _, r := range t.Rounds {
		if r.Number == n {
			return r.Stage
		}
	}
	return ""
}

// oneGameKnockout reports whether games of stage are one-game matches with
// the choice of colour or draw-win: playoffs (WOC II.3.2), the side
// titles' games (WOC III.3-4), and the main stages the plan makes one game.
func oneGameKnockout(plan rules.Plan, stage outflank.Stage) bool {
	if stage == outflank.StagePlayoff {
		return true
	}
	title, kind, ok := stage.Knockout()
	switch {
	case !ok:
		return false
	case title != rules.TitleIndividual:
		return true
	case kind == rules.KindSemiFinal:
		return plan.SemiFinals.Format == knockout.OneGame
	case kind == rules.KindThirdPlace:
		return plan.ThirdPlace.Format == knockout.OneGame
	}
	return plan.Final.Format == knockout.OneGame
}
