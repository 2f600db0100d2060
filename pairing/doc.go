// Package pairing pairs the rounds of an Othello tournament: round robins by
// the circle method (EGP II.4.2), first rounds (WOC II.7.1, BOF general
// rule 16, a random draw) and Swiss rounds by the priorities each rulebook
// lists (WOC II.7.2, EGP II.4.1, AOF Appendix A, BOF "Swiss system").
//
// A Swiss round is a maximum weight perfect matching over the pairs the
// rules allow. Each criterion of the ruleset gives every pair a cost; the
// costs are encoded lexicographically in one 128-bit weight, so the matching
// found is exactly the best under the rulebook's order of priorities: no
// pairing with a better cost exists. Explain reports each pair's cost under
// each criterion.
//
// The package is pure: it takes plain values (players with their history)
// and returns plain values, and never touches storage.
package pairing
