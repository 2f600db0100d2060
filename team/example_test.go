package team_test

import (
	"fmt"

	"outflank/team"
)

// The National's champion and runner-up, the GP winner, then the chairman.
func ExampleSelect() {
	c := func(n string) team.Candidate { return team.Candidate{Key: n, Name: n} }
	sel := team.Select(team.Input{Size: 4, ChampionDecided: true,
		National: []team.Placed{{Candidate: c("Ann"), Place: 1, Points: 8, ByPlayoff: true}, {Candidate: c("Ben"), Place: 2, Points: 7, ByPlayoff: true}},
		GP:       []team.Ranked{{Candidate: c("Cid"), Rank: 1}}})
	for _, o := range sel.Offers {
		fmt.Println(o.Order, o.Name, o.Rule+":", o.Reason)
	}
	fmt.Println("chairman:", sel.ChairmanPlaces)
	// Output:
	// 1 Ann World championship 2: National Champion
	// 2 Cid World championship 2: GP winner (Grand Prix 7)
	// 3 Ben World championship 2: National placing 2
	// chairman: 1
}
