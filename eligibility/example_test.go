package eligibility_test

import (
	"fmt"

	"outflank/eligibility"
)

func ExampleCheckTeam() {
	team := []eligibility.Entrant{{Name: "A", Gender: "m"}, {Name: "B", Gender: "m"}, {Name: "C", Gender: "m"}, {Name: "D", Gender: "m"}}
	fmt.Println(eligibility.CheckTeam("GBR", eligibility.Federation, team))
	// Output: eligibility: WOC I.2.2: no more than three of a federation's four players may be of the same gender (the additional young player apart); GBR would have four of one gender
}
