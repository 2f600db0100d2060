package member_test

import (
	"fmt"

	"outflank/member"
)

func ExampleMembership() {
	rec := member.Record{Name: "Ann Smith", Citizenship: "GBR"}
	played := []member.Event{{Slug: "cambridge", Name: "Cambridge Regional", Date: "2025-05-10", Rated: true, Organised: true, Kind: member.Regional}}
	s := member.Membership(rec, played, "2026-01-01")
	fmt.Println(s.Member, s.Reason)
	// Output: true enrolled at Cambridge Regional on 2025-05-10 (BOF Membership & finance 1)
}
