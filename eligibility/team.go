package eligibility

import "fmt"

// Nation is the kind of WOF member nation a team comes from (WOC I.2.1).
type Nation int8

const (
	// Federation is a National Federation: one to four players, no more
	// than three of the same gender, and an additional young player.
	Federation Nation = iota
	// ContactPerson is a Nation with Contact Person: one player and an
	// additional young player.
	ContactPerson
)

// Players is how many players, the additional young player apart, a
// nation of kind n may send (WOC I.2.1-2.2).
func (n Nation) Players() int {
	if n == ContactPerson {
		return 1
	}
	return 4
}

// String returns "National Federation" or "Nation with Contact Person".
func (n Nation) String() string {
	if n == ContactPerson {
		return "Nation with Contact Person"
	}
	return "National Federation"
}

// MaxSameGender is the greatest number of a federation's players, the
// young player apart, who may be of one gender (WOC I.2.2).
const MaxSameGender = 3

// Entrant is a member of a team as the team rules see them.
type Entrant struct {
	Name string
	// Gender is "f", "m" or "" (unknown: counted in neither).
	Gender string
	// Young: aged 14 or less on 31 December of the WOC year (see Young).
	Young bool
}

// CheckTeam checks the team of nation, every entrant in it, against WOC
// I.2.1-2.2: at most kind.Players() players and one additional young
// player, no more than three of the players of one gender. Any young
// entrant may be the additional one, or one of the players; the team is
// accepted when some choice meets the rules. The lower bound (at least one
// player) is not checked: a team is registered one player at a time.
func CheckTeam(nation string, kind Nation, team []Entrant) error {
	// Try each young entrant as the additional one, and none.
	choices := []int{-1}
	youngs := 0
	for i, e := range team {
		if e.Young {
			choices = append(choices, i)
			youngs++
		}
	}
	sizeOK, genderOK := false, false
	for _, extra := range choices {
		players, women, men := 0, 0, 0
		for i, e := range team {
			if i == extra {
				continue
			}
			players++
			switch e.Gender {
			case "f":
				women++
			case "m":
				men++
			}
		}
		fits := players <= kind.Players()
		even := kind == ContactPerson || (women <= MaxSameGender && men <= MaxSameGender)
		sizeOK = sizeOK || fits
		if fits && even {
			return nil
		}
		genderOK = genderOK || even
	}
	if !sizeOK {
		what := "one to four players (no more than three of the same gender) and one additional young player"
		if kind == ContactPerson {
			what = "one player and one additional young player"
		}
		return &Refusal{Rule: "WOC I.2.1-2.2", Reason: fmt.Sprintf("a %s sends %s, aged %d or less on 31 December of the WOC year; %s would have %d (%d of them young)",
			kind, what, YoungAge, nation, len(team), youngs)}
	}
	return &Refusal{Rule: "WOC I.2.2", Reason: fmt.Sprintf("no more than three of a federation's four players may be of the same gender (the additional young player apart); %s would have four of one gender", nation)}
}
