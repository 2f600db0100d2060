package outflank

import (
	"slices"
	"strings"

	"outflank/rules"
)

// Stage is the part of the tournament a round belongs to.
type Stage string

const (
	// StageRoundRobin: everyone meets everyone (EGP II.4.2; WOC II.2 a-b).
	StageRoundRobin Stage = "round-robin"
	// StageSwiss: paired by score (WOC II.7, EGP II.4.1, BOF Swiss system).
	StageSwiss Stage = "swiss"
	// StagePlayoff: games between players tied in the provisional list (WOC II.3.2).
	StagePlayoff Stage = "playoff"
	// StageSemiFinal: the semi-finals (WOC III.2.1).
	StageSemiFinal Stage = "semi-final"
	// StageThirdPlace: the playoff for third place (WOC III.2.2).
	StageThirdPlace Stage = "third-place"
	// StageFinal: the final (WOC III.2.3, AOF 4.2).
	StageFinal Stage = "final"
	// StagePlacement: the Swiss of the players ranked after the
	// semi-finalists, played during the semi-finals (EGP II.2, 9-10
	// players); its points and discs are added to the round robin's.
	StagePlacement Stage = "placement"
	// The women's and young players' semi-finals, third place and final
	// (WOC III.3-4), one game each.
	StageWomenSemiFinal  Stage = "women-semi-final"
	StageWomenThirdPlace Stage = "women-third-place"
	StageWomenFinal      Stage = "women-final"
	StageYoungSemiFinal  Stage = "young-semi-final"
	StageYoungThirdPlace Stage = "young-third-place"
	StageYoungFinal      Stage = "young-final"
)

// Knockout returns the title and kind of a knockout stage's games, and
// false for the main stage, playoffs and placement rounds.
func (s Stage) Knockout() (rules.Title, rules.Kind, bool) {
	switch s {
	case StageSemiFinal:
		return rules.TitleIndividual, rules.KindSemiFinal, true
	case StageThirdPlace:
		return rules.TitleIndividual, rules.KindThirdPlace, true
	case StageFinal:
		return rules.TitleIndividual, rules.KindFinal, true
	case StageWomenSemiFinal:
		return rules.TitleWomen, rules.KindSemiFinal, true
	case StageWomenThirdPlace:
		return rules.TitleWomen, rules.KindThirdPlace, true
	case StageWomenFinal:
		return rules.TitleWomen, rules.KindFinal, true
	case StageYoungSemiFinal:
		return rules.TitleYoung, rules.KindSemiFinal, true
	case StageYoungThirdPlace:
		return rules.TitleYoung, rules.KindThirdPlace, true
	case StageYoungFinal:
		return rules.TitleYoung, rules.KindFinal, true
	}
	return rules.TitleIndividual, rules.KindMain, false
}

var stages = []Stage{StageRoundRobin, StageSwiss, StagePlayoff, StageSemiFinal, StageThirdPlace, StageFinal, StagePlacement,
	StageWomenSemiFinal, StageWomenThirdPlace, StageWomenFinal, StageYoungSemiFinal, StageYoungThirdPlace, StageYoungFinal}

// ParseStage checks a stage name.
func ParseStage(s string) (Stage, error) {
	if slices.Contains(stages, Stage(s)) {
		return Stage(s), nil
	}
	names := make([]string, len(stages))
	for i, st := range stages {
		names[i] = string(st)
	}
	return "", Errorf(EINVALID, "unknown stage %q: use one of %s", s, strings.Join(names, ", "))
}

// Round is one round: its games, one per table, and its byes.
type Round struct {
	Number int    `json:"round"`
	Stage  Stage  `json:"stage"`
	Games  []Game `json:"games"`
	// Byes lists the players who received a bye, in id order.
	Byes []int `json:"byes"`
	// Method says how the round was paired ("swiss woc", "round-robin",
	// "first round woc II.7.1", ...; "" when entered by hand), and Seed the
	// seed of its random choices, so that anyone can reproduce it.
	Method string `json:"method,omitempty"`
	Seed   string `json:"seed,omitempty"`
}

// Plays reports whether player id has a game or a bye in the round.
func (r *Round) Plays(id int) bool {
	if slices.Contains(r.Byes, id) {
		return true
	}
	for _, g := range r.Games {
		if g.Black == id || g.White == id {
			return true
		}
	}
	return false
}

// Pair is a game to be played: the black player's id, then the white's.
type Pair struct{ Black, White int }

// AddRound enters the next round by hand: the pairs in table order (table 1
// first) and the players with a bye. Every player must be registered and
// active (a withdrawn player is never paired again: WOC II.8), and nobody
// may play twice in the round. A knockout round's tables follow those of
// the games already paired in its time slot (firstTable).
func (t *Tournament) AddRound(stage Stage, pairs []Pair, byes []int) (*Round, error) {
	return t.addRound(t.firstTable(stage, pairs), stage, pairs, byes)
}

// AddRoundAt is AddRound with the tables numbered on from first: a
// tournament file's own numbering.
func (t *Tournament) AddRoundAt(first int, stage Stage, pairs []Pair, byes []int) (*Round, error) {
	if first < 1 {
		return nil, Errorf(EINVALID, "table %d: tables are numbered from 1", first)
	}
	return t.addRound(first, stage, pairs, byes)
}

func (t *Tournament) addRound(first int, stage Stage, pairs []Pair, byes []int) (*Round, error) {
	if _, err := ParseStage(string(stage)); err != nil {
		return nil, err
	}
	if len(pairs) == 0 && len(byes) == 0 {
		return nil, Errorf(EINVALID, "a round needs at least one pair (--pair BLACK-WHITE) or bye")
	}
	r := Round{Number: len(t.Rounds) + 1, Stage: stage}
	// seen maps each player to their table, 0 for a bye; where words it
	// for messages only.
	seen := make(map[int]int, 2*len(pairs)+len(byes))
	where := func(table int) string {
		if table == 0 {
			return "bye"
		}
		return "table " + itoa(table)
	}
	use := func(id, table int) error {
		p, ok := t.Player(id)
		if !ok {
			return Errorf(ENOTFOUND, "no player with id %d in %s (%s)", id, t.Slug, where(table))
		}
		if !p.Active(r.Number) {
			return Errorf(EINVALID, "%s withdrew after round %d and cannot be paired in round %d (WOC II.8: no re-entry)",
				t.Describe(id), *p.WithdrawnAfterRound, r.Number)
		}
		if p.AbsentIn(r.Number) {
			return Errorf(EINVALID, "%s is marked absent in round %d and cannot be paired in it: if they are here, 'outflank player return %s %d' first",
				t.Describe(id), r.Number, t.Slug, id)
		}
		if other, dup := seen[id]; dup {
			return Errorf(EINVALID, "%s appears twice in round %d (%s and %s): a player plays once per round", t.Describe(id), r.Number, where(other), where(table))
		}
		seen[id] = table
		return nil
	}
	if len(pairs) > 0 {
		r.Games = make([]Game, 0, len(pairs))
	}
	for i, p := range pairs {
		table := first + i
		if p.Black == p.White {
			return nil, Errorf(EINVALID, "%s cannot play against themself (table %d)", t.Describe(p.Black), table)
		}
		if err := use(p.Black, table); err != nil {
			return nil, err
		}
		if err := use(p.White, table); err != nil {
			return nil, err
		}
		r.Games = append(r.Games, Game{Table: table, Black: p.Black, White: p.White})
	}
	for _, id := range byes {
		if err := use(id, 0); err != nil {
			return nil, err
		}
		r.Byes = append(r.Byes, id)
	}
	slices.Sort(r.Byes)
	t.Rounds = append(t.Rounds, r)
	if r.Number == 1 {
		t.fixPlan()
	}
	return &t.Rounds[len(t.Rounds)-1], nil
}
