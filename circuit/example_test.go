package circuit_test

import (
	"fmt"

	"outflank/circuit"
)

// Two tournaments of a BOF Grand Prix: Ann and Ben share 1st-2nd in the
// first ((200+160)/2 = 180 each, BOF GP 3), Ann wins the second.
func ExampleCompute() {
	ts := []circuit.Tournament{
		{Name: "Leeds", Entries: []circuit.Entry{{Key: "Ann", GamePoints: 4}, {Key: "Ben", GamePoints: 4}, {Key: "Cid", GamePoints: 1}}},
		{Name: "York", Entries: []circuit.Entry{{Key: "Ann", GamePoints: 3}, {Key: "Cid", GamePoints: 2}, {Key: "Ben", GamePoints: 2}}},
	}
	st, err := circuit.Compute(circuit.BOFGP, ts, "")
	if err != nil {
		panic(err)
	}
	for _, s := range st {
		fmt.Println(s.Rank, s.Equal, s.Key, s.Points)
	}
	// Output:
	// 1 false Ann 380
	// 2 false Ben 320
	// 3 false Cid 260
}
