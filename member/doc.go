// Package member decides BOF membership and tournament fees by the British
// Othello Federation's rules (constitution and rules 2019, "Membership &
// finance" 1-3). It is a pure engine: member records and tournament
// participation in, membership and fees with their reasons out; it keeps
// nothing and reads no storage.
//
//	rec := member.Record{Name: "Ann Smith", Citizenship: "GBR"}
//	played := []member.Event{{Slug: "cambridge", Name: "Cambridge Regional", Date: "2025-05-10", Rated: true, Organised: true, Kind: member.Regional}}
//	s := member.Membership(rec, played, "2026-01-01")
//	fmt.Println(s.Member, s.Reason) // true enrolled at Cambridge Regional on 2025-05-10
package member
