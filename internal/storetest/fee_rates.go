package storetest

import (
	"context"
	"strings"
	"testing"

	"outflank"
)

// RunFeeRates checks a store's rates by federation and year: none set
// gives the BOF rules' own, a year set keeps its rates and logs the change
// with its actor, a second setting replaces them, a setting that changes
// nothing and bad amounts are refused.
func RunFeeRates(t *testing.T, db outflank.Members) {
	ctx := outflank.WithActor(context.Background(), "treasurer")
	r, err := outflank.RatesFor(ctx, db, outflank.BOF, 2027)
	if err != nil || !r.Default || r.Standard != 10 || r.Unwaged != 5 || r.Family != 15 {
		t.Fatalf("no rates set: %+v, %v", r, err)
	}
	if err := db.SetFeeRates(ctx, outflank.FeeRates{Year: 2027, Standard: 12, Unwaged: 6, Family: 18}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetFeeRates(ctx, outflank.FeeRates{Federation: outflank.BOF, Year: 2027, Standard: 12, Unwaged: 6, Family: 20}); err != nil {
		t.Fatal(err)
	}
	if err := db.SetFeeRates(ctx, outflank.FeeRates{Federation: outflank.BOF, Year: 2027, Standard: 12, Unwaged: 6, Family: 20}); err == nil || !strings.Contains(err.Error(), "nothing to change") {
		t.Errorf("the same rates again: %v", err)
	}
	for _, bad := range []outflank.FeeRates{{Year: 27, Standard: 1}, {Year: 2027, Standard: -1}, {Year: 2027, Family: 1000}} {
		if err := db.SetFeeRates(ctx, bad); outflank.ErrorCode(err) != outflank.EINVALID {
			t.Errorf("%+v: %v", bad, err)
		}
	}
	if r, err = outflank.RatesFor(ctx, db, outflank.BOF, 2027); err != nil || r.Default || r.Standard != 12 || r.Unwaged != 6 || r.Family != 20 {
		t.Errorf("2027: %+v, %v", r, err)
	}
	if r, _ = outflank.RatesFor(ctx, db, outflank.BOF, 2026); !r.Default || r.Standard != 10 {
		t.Errorf("2026 keeps the defaults: %+v", r)
	}
	list, err := db.FeeRateList(ctx)
	if err != nil || len(list) != 1 {
		t.Errorf("list %+v, %v", list, err)
	}
	log, err := db.MemberLog(ctx, 10)
	if err != nil || len(log) != 2 || log[0].Actor != "treasurer" || log[0].Action != outflank.MemberFeeRates ||
		log[0].Summary != "set the rates of BOF 2027: 12 pounds, 6 unwaged, 20 family; were BOF 2027: 12 pounds, 6 unwaged, 18 family" {
		t.Errorf("log %+v, %v", log, err)
	}
}
