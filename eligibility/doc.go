// Package eligibility decides who may play for whom: the WOC team of a
// nation (WOC I.2.1-2.2: a National Federation sends one to four players,
// no more than three of one gender, and an additional young player; a
// Nation with Contact Person one player and an additional young player),
// who is young (aged 14 or less on 31 December of the WOC year), who may
// represent a nation (WOC I.2.3: a citizen, or resident for 6 of the 12
// months before the WOC) and the BOF National's residency of 183 days
// (BOF National 12; World championship 1). It is pure: dates and team
// lists in, verdicts and refusals that cite their rule out.
//
//	team := []eligibility.Entrant{{Name: "A", Gender: "m"}, {Name: "B", Gender: "m"}, {Name: "C", Gender: "m"}, {Name: "D", Gender: "m"}}
//	err := eligibility.CheckTeam("GBR", eligibility.Federation, team)
//	fmt.Println(err) // eligibility: WOC I.2.2: no more than three of a federation's four players may be of the same gender ...
package eligibility
