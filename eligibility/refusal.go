package eligibility

// Refusal is a registration the rules refuse: the rule it breaks, and why
// in words.
type Refusal struct {
	// Rule cites the rule: "WOC I.2.2", "BOF National 12".
	Rule string
	// Reason says what is wrong, without the rule.
	Reason string
}

// Error returns "eligibility: RULE: REASON".
func (r *Refusal) Error() string { return "eligibility: " + r.Rule + ": " + r.Reason }

// Verdict is what the rules say of a player's right to play, as far as
// the facts recorded tell.
type Verdict int8

const (
	// Unknown: a fact the rule needs (citizenship, residence, a date) is
	// not recorded.
	Unknown Verdict = iota
	// Eligible: the facts recorded meet the rule.
	Eligible
	// Ineligible: the facts recorded break the rule.
	Ineligible
)

// String returns "unknown", "eligible" or "ineligible".
func (v Verdict) String() string {
	switch v {
	case Eligible:
		return "eligible"
	case Ineligible:
		return "ineligible"
	}
	return "unknown"
}
