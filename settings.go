package outflank

import (
	"math"
	"strings"

	"outflank/names"
	"outflank/rules"
	"outflank/words"
)

// Settings are the numbers that differ between rulesets and events. A new
// tournament takes its ruleset's; a director may change any of them.
type Settings struct {
	// Rounds is the number of rounds planned (the Swiss system's, or those of
	// the round robin).
	Rounds int `json:"rounds"`
	// System is the main stage's system: SystemSwiss, SystemRoundRobin,
	// or "" for the ruleset's for the field (rules.PlanFor; a round robin
	// when the rounds allow one, BOF general rule 8). WOC II.2 and EGP II.2
	// leave no choice (checkSystem); see Tournament.System.
	System string `json:"system,omitempty"`
	// RoundsByPlan: the number of rounds follows the ruleset's format for
	// the field (WOC II.2, EGP II.2, AOF 1.2, BOF Regionals 1) and is fixed
	// when the first round is paired; until then Rounds is the ruleset's
	// usual number. Set when a tournament is created without --rounds.
	RoundsByPlan bool `json:"rounds_by_plan,omitempty"`
	// BrightwellC is the constant C of the Brightwell quotient; it may be
	// fractional (FlipTheDisc uses 64 / rounds unrounded).
	BrightwellC float64 `json:"brightwell_c"`
	// BrightwellCByRules: C is the ruleset's for the number of rounds and
	// follows it when the plan fixes the rounds (AOF and BOF divide 64 by
	// the rounds). Cleared when the director sets C.
	BrightwellCByRules bool `json:"brightwell_c_by_rules,omitempty"`
	// BrightwellVariant is "rulebook" (WOC Appendix A) or "ftd" (FlipTheDisc's).
	BrightwellVariant string `json:"brightwell_variant"`
	// ByeDiscs is [the bye receiver's discs, the bye's discs].
	ByeDiscs [2]int `json:"bye_discs"`
	// TimeDefault is the procedure after a flag falls.
	TimeDefault rules.TimeDefault `json:"time_default"`
	// UnplayedDiscs is [the absent player's discs, the opponent's] for a game
	// not played (BOF general rule 11).
	UnplayedDiscs [2]int `json:"unplayed_discs"`
	// AvoidSameCountry keeps players of the same country or team apart in
	// Swiss rounds when an equivalent pairing exists (WOC II.7.2 g).
	AvoidSameCountry bool `json:"avoid_same_country"`
	// TieBreak separates players on equal points: "mbq" (the Brightwell
	// quotient, then discs), "discs", or "" for the ruleset's: disc count
	// in AOF and BOF round robins (AOF 1.3, BOF 12), else the quotient.
	TieBreak string `json:"tie_break,omitempty"`
	// DrawSeed seeds the random draw that separates players equal on
	// everything else (WOC II.3.1), so anyone can reproduce the standings.
	DrawSeed uint64 `json:"draw_seed"`
	// Minutes is each player's time per game in the main stage, 0 when not
	// recorded; when set it must reach the ruleset's minimum (rules.MinMinutes).
	Minutes int `json:"minutes,omitempty"`
	// Absence says whether a player may miss rounds and come back:
	// AbsenceAllow, AbsenceForbid, or "" for the ruleset's (allowed by BOF
	// general rule 11 and in custom events, refused by WOC II.8, EGP
	// Withdrawals and AOF Appendix A). See Tournament.MarkAbsent.
	Absence string `json:"absence,omitempty"`
	// ELOSender and ELOCountry are the %%Sender: and %%Country: lines of
	// the .ELO file sent to the WOF: who sends it, and the country the
	// event was held in, in words ("Italy", "Great-Britain", "World").
	ELOSender  string `json:"elo_sender,omitempty"`
	ELOCountry string `json:"elo_country,omitempty"`
	// JudgeConfirm: a result a table judge submits waits for a director
	// to confirm it before it counts (WOC I.3: the directors arbitrate;
	// the judges are their assistants). Off, it is entered at once.
	JudgeConfirm bool `json:"judge_confirm,omitempty"`
	// Place is the country the games are played in, in three letters
	// ("GBR"), or "" for the ruleset's: the UK for the BOF's
	// (rules.DefaultPlace), not recorded for the others. BOF games are
	// rated only in the UK (BOF Ratings 1 a; see Tournament.Unrated).
	Place string `json:"place,omitempty"`
	// Clocks says whether the games are played with clocks: "yes", "no",
	// or "" for yes, as every rulebook has them (WOC IV.1, EGP IV.1, AOF
	// 2.2, BOF general rule 10). Games without clocks are not rated (BOF
	// Ratings 1 b).
	Clocks string `json:"clocks,omitempty"`
	// Told says whether both players were told the games are rated: "yes",
	// "no", or "" for yes (BOF Ratings 2: unless otherwise announced, the
	// BOF's tournaments are rated). Otherwise they are not (BOF Ratings 1 c).
	Told string `json:"told_rated,omitempty"`
	// ContactNations are the nations that are WOF Nations with Contact
	// Person rather than National Federations, three letters each, in
	// order, separated by commas ("NZL,SWE"): at a WOC they send one
	// player and an additional young player (WOC I.2.1-2.2). Every other
	// nation is taken to be a Federation. (A string keeps Settings
	// comparable.)
	ContactNations string `json:"contact_nations,omitempty"`
	// LastDay is the event's last day, YYYY-MM-DD, when it lasts more
	// than one (the tournament's Date is its first): the second date of
	// an .ELO file's "%%Date: 06/06/2026 - 07/06/2026", which its export
	// writes back. "" for a one-day event.
	LastDay string `json:"last_day,omitempty"`
	// Record marks an event imported from its .ELO result file, the
	// record of an event that is over: once every game it holds has its
	// result, it is complete, although stages its ruleset plans (a
	// final, playoffs) are not in the file (Tournament.recordOver).
	Record bool `json:"record,omitempty"`
}

// Answers of the yes-or-no settings (Clocks, Told); "" is the default, yes.
const (
	Yes = "yes"
	No  = "no"
)

// Absence settings.
const (
	AbsenceAllow  = "allow"
	AbsenceForbid = "forbid"
)

// Tie-breaks.
const (
	TieBreakMBQ   = "mbq"
	TieBreakDiscs = "discs"
)

// Brightwell variants.
const (
	BrightwellRulebook = "rulebook"
	BrightwellFTD      = "ftd"
)

// DefaultSettings returns ruleset rs's settings for a tournament of rounds rounds.
func DefaultSettings(rs rules.Ruleset, rounds int) Settings {
	return Settings{
		Rounds:             rounds,
		BrightwellC:        rs.BrightwellC(rounds),
		BrightwellCByRules: true,
		BrightwellVariant:  BrightwellRulebook,
		ByeDiscs:           rs.ByeDiscs,
		TimeDefault:        rs.TimeDefault,
		UnplayedDiscs:      rs.UnplayedDiscs,
		AvoidSameCountry:   rs.AvoidSameCountry,
	}
}

func (s Settings) validate(id rules.ID) error {
	if s.Rounds < 1 || s.Rounds > 1000 {
		return Errorf(EINVALID, "rounds %d: a tournament has 1 to 1000 rounds", s.Rounds)
	}
	if err := checkSystem(id, s.System); err != nil {
		return err
	}
	if least := rules.MinMinutes(id); s.Minutes != 0 && (s.Minutes < least || s.Minutes > 600) {
		return Errorf(EINVALID, "%s per player: %s games need at least %d minutes each (%s), and at most 600",
			words.Count(s.Minutes, "minute"), id, least, rules.MinMinutesRule(id))
	}
	if math.IsNaN(s.BrightwellC) || math.IsInf(s.BrightwellC, 0) || s.BrightwellC < 0 || s.BrightwellC > 64 {
		return Errorf(EINVALID, "Brightwell constant %v: give a number from 0 to 64", s.BrightwellC)
	}
	if s.BrightwellVariant != BrightwellRulebook && s.BrightwellVariant != BrightwellFTD {
		return Errorf(EINVALID, "Brightwell variant %q: use %q or %q", s.BrightwellVariant, BrightwellRulebook, BrightwellFTD)
	}
	for _, pair := range []struct {
		what  string
		discs [2]int
	}{{"bye discs", s.ByeDiscs}, {"unplayed-game discs", s.UnplayedDiscs}} {
		if pair.discs[0] < 0 || pair.discs[1] < 0 || pair.discs[0]+pair.discs[1] != 64 {
			return Errorf(EINVALID, "%s %d-%d: give two counts that add up to 64", pair.what, pair.discs[0], pair.discs[1])
		}
	}
	if s.TieBreak != "" && s.TieBreak != TieBreakMBQ && s.TieBreak != TieBreakDiscs {
		return Errorf(EINVALID, "tie-break %q: use %q or %q", s.TieBreak, TieBreakMBQ, TieBreakDiscs)
	}
	if s.Absence != "" && s.Absence != AbsenceAllow && s.Absence != AbsenceForbid {
		return Errorf(EINVALID, "absence setting %q: use %q or %q", s.Absence, AbsenceAllow, AbsenceForbid)
	}
	if err := checkELOHeader("sender", s.ELOSender); err != nil {
		return err
	}
	if err := checkELOHeader("country", s.ELOCountry); err != nil {
		return err
	}
	if s.Place != "" && (len(s.Place) != 3 || !isLetters(s.Place)) {
		return Errorf(EINVALID, "place %q: give the country's three-letter code, such as GBR or JPN", s.Place)
	}
	for _, yn := range []struct{ what, value string }{{"clocks", s.Clocks}, {"told", s.Told}} {
		if yn.value != "" && yn.value != Yes && yn.value != No {
			return Errorf(EINVALID, "%s %q: use %q or %q", yn.what, yn.value, Yes, No)
		}
	}
	if s.TimeDefault != rules.TimeDefaultWOC && s.TimeDefault != rules.TimeDefaultBOF {
		return Errorf(EINVALID, "time-default procedure %q: use %q or %q", s.TimeDefault, rules.TimeDefaultWOC, rules.TimeDefaultBOF)
	}
	return nil
}

// ELOHeader returns value, a line of the .ELO header typed by the director
// (the sender's name, the country in words), normalised by the rule for
// names; it refuses "%", which starts a comment in an .ELO file.
func ELOHeader(what, value string) (string, error) {
	if err := checkName(".ELO "+what, "", &value, names.MaxTournament); err != nil {
		return "", err
	}
	if strings.Contains(value, "%") {
		return "", Errorf(EINVALID, ".ELO %s %q: an .ELO file cannot carry \"%%\" (it starts a comment): leave it out", what, value)
	}
	return value, nil
}

// checkELOHeader checks a stored .ELO header value: as ELOHeader gives it.
func checkELOHeader(what, value string) error {
	norm, err := ELOHeader(what, value)
	if err != nil {
		return err
	}
	if norm != value {
		return Errorf(EINVALID, ".ELO %s %q: give it without surrounding or repeated spaces", what, value)
	}
	return nil
}
