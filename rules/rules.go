// Package rules holds the federations' rulesets as data: for each, the
// settings where the rulebooks differ (byes, time defaults, unplayed games,
// the Brightwell constant, the usual number of rounds), each with the rule
// it comes from. It is pure: no I/O, no dependency on the rest of Outflank.
package rules

import (
	"math"
	"slices"
)

// ID names a ruleset on the command line and in tournament files.
type ID string

const (
	// WOC is the World Othello Championship rules (2019).
	WOC ID = "woc"
	// EGP is the European Grand Prix rules (2014).
	EGP ID = "egp"
	// AOF is the Australian Nationals rules.
	AOF ID = "aof"
	// BOFRegional is the British Othello Federation rules for Regionals (2019).
	BOFRegional ID = "bof-regional"
	// BOFNational is the British Othello Federation rules for the National (2019).
	BOFNational ID = "bof-national"
	// Custom starts from the WOC settings; every setting may be changed.
	Custom ID = "custom"
)

// TimeDefault is the procedure after a flag falls.
type TimeDefault string

const (
	// TimeDefaultWOC: the defaulter loses; two extra minutes each; the true
	// score stands but the other player gets at least 33-31; the defaulter's
	// second flag fall makes it 64-0; the other player's flag falling after
	// the extra minutes makes it 31-33 for the defaulter (WOC IV.6, EGP IV.6,
	// AOF 2.6).
	TimeDefaultWOC TimeDefault = "woc"
	// TimeDefaultBOF: as WOC, except that the other player's first flag fall
	// only gives them two more minutes; their second makes it a 33-31 win for
	// the non-defaulting player (BOF general rules 13-14).
	TimeDefaultBOF TimeDefault = "bof"
)

// Ruleset is one federation's settings.
type Ruleset struct {
	ID     ID
	Name   string
	Source string // the rulebook
	// Rounds is the usual number of rounds of the Swiss system.
	Rounds int
	// ByeDiscs is the disc count of a bye: [the receiver's, the bye's]. A bye
	// counts as a win everywhere.
	ByeDiscs    [2]int
	ByeRule     string
	TimeDefault TimeDefault
	// UnplayedDiscs scores a game one player did not play (late arrival,
	// early leaver): [the absent player's discs, the opponent's].
	UnplayedDiscs [2]int
	UnplayedRule  string
	// Absence allows a player to miss rounds and come back (a temporary
	// absence: not paired, no bye, the round scored as a game not played).
	// Where it is refused, a player who leaves has withdrawn and may not
	// re-enter (WOC II.8, EGP Withdrawals).
	Absence     bool
	AbsenceRule string
	// AvoidSameCountry keeps players of the same country (team) apart in
	// Swiss rounds when an equivalent pairing exists (WOC II.7.2 g, AOF
	// Appendix A: teammates).
	AvoidSameCountry bool
	// brightwellC gives the Brightwell constant C for a number of rounds.
	brightwellC    func(rounds int) float64
	BrightwellRule string
}

// BrightwellC returns the ruleset's constant C for a tournament of rounds rounds.
func (r Ruleset) BrightwellC(rounds int) float64 { return r.brightwellC(rounds) }

func constant(c float64) func(int) float64 { return func(int) float64 { return c } }

// squaresPer divides the 64 squares by the rounds and rounds the quotient
// with round; a tournament without rounds gets 0.
func squaresPer(round func(float64) float64) func(int) float64 {
	return func(rounds int) float64 {
		if rounds <= 0 {
			return 0
		}
		return round(64 / float64(rounds))
	}
}

var all = []Ruleset{
	{
		ID: WOC, Name: "World Othello Championship", Source: "WOC rules 2019", AvoidSameCountry: true,
		Rounds: 13, ByeDiscs: [2]int{32, 32}, ByeRule: "WOC Appendix A §3 c (a bye counts 32 discs in the BQ); design choice: 32-32",
		TimeDefault: TimeDefaultWOC, UnplayedDiscs: [2]int{0, 64}, UnplayedRule: "WOC IV.8: unable to complete the game, 64-0",
		AbsenceRule: "WOC II.8: a player who withdraws may not re-enter",
		brightwellC: constant(6), BrightwellRule: "WOC Appendix A §2: C = 6",
	},
	{
		ID: EGP, Name: "European Grand Prix", Source: "EGP rules 2014",
		Rounds: 11, ByeDiscs: [2]int{32, 32}, ByeRule: "EGP Appendix A §3 c; design choice: 32-32",
		TimeDefault: TimeDefaultWOC, UnplayedDiscs: [2]int{0, 64}, UnplayedRule: "EGP IV.8: 64-0",
		AbsenceRule: "EGP Withdrawals: a player who withdraws may not re-enter",
		brightwellC: constant(6), BrightwellRule: "EGP Appendix A §2: C = 6",
	},
	{
		ID: AOF, Name: "Australian Nationals", Source: "AOF Nationals rules", AvoidSameCountry: true,
		Rounds: 6, ByeDiscs: [2]int{40, 24}, ByeRule: "AOF 1.4: BYE always loses 40-24",
		TimeDefault: TimeDefaultWOC, UnplayedDiscs: [2]int{0, 64}, UnplayedRule: "as WOC IV.8: 64-0",
		AbsenceRule: "AOF Appendix A: all competitors play in each round; as WOC II.8, no re-entry",
		brightwellC: squaresPer(math.Floor), BrightwellRule: "AOF Appendix B §2: C = Integer(64 / rounds)",
	},
	{
		ID: BOFRegional, Name: "BOF Regional", Source: "BOF constitution and rules 2019",
		Rounds: 7, ByeDiscs: [2]int{44, 20}, ByeRule: "BOF general rule 7: Bye loses 20-44",
		TimeDefault: TimeDefaultBOF, UnplayedDiscs: [2]int{20, 44}, UnplayedRule: "BOF general rule 11: games not played score 20-44",
		Absence: true, AbsenceRule: "BOF general rule 11: games lost through late arrival or early leaving score 20-44",
		brightwellC: squaresPer(math.Round), BrightwellRule: "BOF general rule 15 a: C = the integer nearest to 64 / rounds",
	},
	{
		ID: BOFNational, Name: "BOF National", Source: "BOF constitution and rules 2019",
		Rounds: 9, ByeDiscs: [2]int{44, 20}, ByeRule: "BOF general rule 7: Bye loses 20-44",
		TimeDefault: TimeDefaultBOF, UnplayedDiscs: [2]int{20, 44}, UnplayedRule: "BOF general rule 11: games not played score 20-44",
		Absence: true, AbsenceRule: "BOF general rule 11: games lost through late arrival or early leaving score 20-44",
		brightwellC: squaresPer(math.Round), BrightwellRule: "BOF general rule 15 a; National rule 10",
	},
	{
		ID: Custom, Name: "Custom", Source: "the director's settings, starting from WOC",
		Rounds: 7, ByeDiscs: [2]int{32, 32}, ByeRule: "setting",
		TimeDefault: TimeDefaultWOC, UnplayedDiscs: [2]int{0, 64}, UnplayedRule: "setting",
		Absence: true, AbsenceRule: "setting: club events allow absences",
		brightwellC: constant(6), BrightwellRule: "setting",
	},
}

// Get returns the ruleset with id.
func Get(id ID) (Ruleset, bool) {
	i := slices.IndexFunc(all, func(r Ruleset) bool { return r.ID == id })
	if i < 0 {
		return Ruleset{}, false
	}
	return all[i], true
}

// IDs lists the rulesets' ids, in a stable order, for messages.
func IDs() []ID {
	ids := make([]ID, len(all))
	for i, r := range all {
		ids[i] = r.ID
	}
	return ids
}
