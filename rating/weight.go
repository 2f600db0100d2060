package rating

// The age weights of the WOF ratings FAQ: a tournament played in the seven
// calendar months up to the calculation weighs 150, the seven before 100,
// the twelve before 60, the twelve before 30, and everything older 1.
const (
	weightRecent = 150
	weight7      = 100
	weight14     = 60
	weight26     = 30
	weightOld    = 1
)

// ActiveMonths is the window of the list: a player is on it when he played
// a rated tournament in the 38 calendar months before the calculation
// (months 0 to 37 as Months counts them), the months that weigh more than 1.
const ActiveMonths = 38

// Months returns the calendar months from a tournament's date t to the
// calculation date c, counted as the WOF counts them: 12 (c.Year − t.Year) +
// (c.Month − t.Month), the days ignored.
func Months(c, t Date) int {
	return 12*(c.Year-t.Year) + c.Month - t.Month
}

// Weight returns the age weight of a tournament played on t in a list
// calculated on c (WOF ratings FAQ): months 0–6 weigh 150, 7–13 100, 14–25
// 60, 26–37 30, and 38 or more 1. A tournament in a later month than c (a
// list whose --until is after its --as-of) weighs as a recent one.
func Weight(c, t Date) float64 {
	switch m := Months(c, t); {
	case m <= 6:
		return weightRecent
	case m <= 13:
		return weight7
	case m <= 25:
		return weight14
	case m < ActiveMonths:
		return weight26
	}
	return weightOld
}
