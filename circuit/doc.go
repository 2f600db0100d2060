// Package circuit computes the standings of a circuit of tournaments: the
// European Grand Prix (EGP rules 2014, I.2.5) and the BOF Grand Prix (BOF
// rules 2019, "Grand Prix" 1-6). It takes each tournament's final ranking
// as plain values and returns each player's points per tournament, which
// of them count, and the circuit's ranking.
//
// The package is pure: it knows nothing of storage, and players are only
// keys (the caller decides who is the same person across tournaments).
//
//	st, err := circuit.Compute(circuit.EGP, []circuit.Tournament{{
//		Name: "Paris", Entries: []circuit.Entry{
//			{Key: "a", Position: 1, GamePoints: 6}, {Key: "b", Position: 2, GamePoints: 5}},
//	}}, "")
//	// st[0]: a, 200 points; st[1]: b, 140 points.
package circuit
