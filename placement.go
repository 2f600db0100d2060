package outflank

import (
	"fmt"
	"slices"

	"outflank/standing"
)

// placement is the Swiss the players ranked after the semi-finalists play
// while the semi-finals are on (EGP II.2, 9-10 players: "the 6 following
// players in the IFRL will play two games with a Swiss system").
type placement struct {
	// players are those of the placement, in their order in the list.
	players []int
	// first is the place in the list of the first of them (5).
	first int
	// rounds planned, and the number of the next one (from 1).
	rounds, next int
}

// placementPlayers is how many players follow the semi-finalists in the
// placement Swiss (EGP II.2: "the 6 following players").
const placementPlayers = 6

// placementDue returns the placement round still to pair after the main
// stage's list, or nil when none is due.
func (t *Tournament) placementDue(list []standing.Row, rounds int) *placement {
	played := 0
	for _, r := range t.Rounds {
		if r.Stage == StagePlacement {
			played++
		}
	}
	if played >= rounds || len(list) <= 4 {
		return nil
	}
	p := &placement{players: idsOf(list[4:min(4+placementPlayers, len(list))]), first: 5, rounds: rounds, next: played + 1}
	if len(t.placementActive(p)) < 2 {
		return nil
	}
	return p
}

// placementActive lists the placement's players who may play its next
// round (a withdrawn player is not paired: EGP II.6).
func (t *Tournament) placementActive(p *placement) []*Player {
	var active []*Player
	for _, id := range p.players {
		if pl, ok := t.Player(id); ok && pl.Active(len(t.Rounds)+1) {
			active = append(active, pl)
		}
	}
	return active
}

// pairPlacement pairs the next placement round: a Swiss system on the
// placement's own points, ranked by the round robin's list, as after a
// round robin (pairing.Rules.AfterRoundRobin: everyone has met).
func (t *Tournament) pairPlacement(p *placement, opts PairOptions) (*Paired, error) {
	cycles, _ := t.roundRobin()
	ruleset := swissRules(t.Rules, len(p.players), t.Settings.AvoidSameCountry)
	if cycles > 0 {
		ruleset = ruleset.AfterRoundRobin(cycles)
	}
	paired, err := t.pairSwiss(len(t.Rounds)+1, StagePlacement, t.placementActive(p), ruleset, PairOptions{Seed: opts.Seed})
	if err != nil {
		return nil, err
	}
	paired.Round.Method = fmt.Sprintf("placement round %d of %d, places %d-%d (EGP II.2); %s", p.next, p.rounds, p.first, p.first+len(p.players)-1, paired.Round.Method)
	return paired, nil
}

// placementRows ranks the placement's players by their points and discs
// over the round robin and the placement rounds together ("the points and
// the discs of the second IFRL are added to the points of the first IFRL
// and a final IFRL is generated"), then as any list (EGP II.3: the
// Brightwell quotient, discs, a draw).
func (t *Tournament) placementRows() []standing.Row {
	var players []int
	for _, r := range t.Rounds {
		if r.Stage != StagePlacement {
			continue
		}
		for _, g := range r.Games {
			players = append(players, g.Black, g.White)
		}
		players = append(players, r.Byes...)
	}
	return standing.Subset(t.GridStandings(), func(id int) bool { return slices.Contains(players, id) })
}
