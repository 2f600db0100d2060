// Package matching finds maximum weight matchings in general graphs with
// Edmonds' blossom algorithm, in its primal-dual form: exact, with 128-bit
// integer weights so that several priorities can be encoded
// lexicographically in one weight, and with a maximum-cardinality mode (the
// heaviest among the largest matchings).
//
// The alternating trees persist from one augmentation to the next and the
// duals change lazily, with the least-slack edges kept in heaps (forest.go),
// as in Kolmogorov's Blossom V; the blossom bookkeeping follows Joris van
// Rantwijk's formulation of Galil's algorithm.
//
// Pairing a Swiss round is a maximum weight perfect matching on the players
// who may meet; MaxPerfect solves that case faster by starting from the
// pairs every player would choose first, and Perfect.Resolve solves it again
// from an earlier optimum when pairs are added.
package matching
