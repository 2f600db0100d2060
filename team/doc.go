// Package team works out the order in which places in the UK team for the
// World championship are offered (BOF constitution and rules 2019, "World
// championship tournament" 1-6): the National Champion, the GP winner, the
// National's placings, the Grand Prix order, the active rating list, then
// the chairman's choice; and the special categories (women, young) from a
// qualifying event or the National.
//
// The package is pure: players are plain values whose Key says who is the
// same person across the lists, and eligibility (World championship 1's
// residency) is a function the caller gives.
//
//	sel := team.Select(team.Input{Size: 2, ChampionDecided: true,
//		National: []team.Placed{{Candidate: ann, Place: 1, Points: 8, ByPlayoff: true}, {Candidate: ben, Place: 2, Points: 7, ByPlayoff: true}},
//		GP:       []team.Ranked{{Candidate: cid, Rank: 1}}})
//	// sel.Offers: Ann (World championship 2, National Champion), Cid (GP winner).
package team
