package outflank

import (
	"context"
	"fmt"

	"outflank/member"
)

// FeeRates are a federation's charges for a year's Regionals and National,
// in pounds. BOF Membership & finance 3 sets 10 pounds, 5 unwaged and 15
// for a family; these are the defaults, and the committee, who decides the
// charges (BOF Constitution 9(d)), may set others for a year.
type FeeRates struct {
	Federation string `json:"federation"`
	Year       int    `json:"year"`
	Standard   int    `json:"standard"`
	Unwaged    int    `json:"unwaged"`
	Family     int    `json:"family"`
	// Default is set when no rates were set for the year: the BOF rules'
	// own.
	Default bool `json:"default"`
}

// BOF is the federation whose rules Outflank's member records follow.
const BOF = "BOF"

// maxFee bounds a charge: a typing mistake (1000 for 10.00) is refused.
const maxFee = 500

// DefaultFeeRates are the charges of BOF Membership & finance 3.
func DefaultFeeRates(federation string, year int) FeeRates {
	return FeeRates{Federation: federation, Year: year, Standard: member.FeeStandard, Unwaged: member.FeeUnwaged, Family: member.FeeFamily, Default: true}
}

// Validate checks the rates.
func (r *FeeRates) Validate() error {
	if r.Federation == "" {
		r.Federation = BOF
	}
	if r.Year < 1900 || r.Year > 9999 {
		return Errorf(EINVALID, "year %d: give the year the rates apply to, such as 2027 (--year)", r.Year)
	}
	for _, c := range []struct {
		what  string
		value int
	}{{"standard", r.Standard}, {"unwaged", r.Unwaged}, {"family", r.Family}} {
		if c.value < 0 || c.value > maxFee {
			return Errorf(EINVALID, "%s charge %d: give a whole number of pounds from 0 to %d (--%s)", c.what, c.value, maxFee, c.what)
		}
	}
	return nil
}

// Engine returns the rates as the fees engine reads them.
func (r FeeRates) Engine() member.Rates {
	out := member.Rates{Standard: r.Standard, Unwaged: r.Unwaged, Family: r.Family}
	if !r.Default {
		out.Set = fmt.Sprintf("the %s's rates for %d", r.Federation, r.Year)
	}
	return out
}

// Describe is the rates in one line, for the members' log.
func (r FeeRates) Describe() string {
	return fmt.Sprintf("%s %d: %d pounds, %d unwaged, %d family", r.Federation, r.Year, r.Standard, r.Unwaged, r.Family)
}

// MemberFeeRates is the action of the members' log that sets a year's
// rates.
const MemberFeeRates = "fees.rates"

// FeeRateStore keeps the federations' rates by year; every change is in
// the members' log with its actor.
type FeeRateStore interface {
	// SetFeeRates stores r over any rates of its federation and year.
	SetFeeRates(ctx context.Context, r FeeRates) error
	// FeeRateList returns the rates set, by federation and year.
	FeeRateList(ctx context.Context) ([]FeeRates, error)
}

// RatesFor returns the rates of federation for year: those set, else the
// BOF rules' own.
func RatesFor(ctx context.Context, fs FeeRateStore, federation string, year int) (FeeRates, error) {
	list, err := fs.FeeRateList(ctx)
	if err != nil {
		return FeeRates{}, err
	}
	for _, r := range list {
		if r.Federation == federation && r.Year == year {
			return r, nil
		}
	}
	return DefaultFeeRates(federation, year), nil
}
