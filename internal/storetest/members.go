package storetest

import (
	"context"
	"strings"
	"testing"

	"outflank"
)

// RunMembers checks fresh outflank.Members: member records are added,
// found by number or name, edited and removed, each change in the members'
// log with its actor.
func RunMembers(t *testing.T, db outflank.Members) {
	ctx := outflank.WithActor(context.Background(), "secretary")
	ann := &outflank.Member{Name: " Ann  Smith ", Country: "gb", Citizenship: "UK", Unwaged: true, Family: "smith"}
	if err := db.AddMember(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if ann.ID != 1 || ann.Name != "Ann Smith" || ann.Country != "GBR" || ann.Citizenship != "GBR" {
		t.Errorf("stored %+v", ann)
	}
	if err := db.AddMember(ctx, &outflank.Member{Name: "Ann Smith", Country: "GBR"}); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("the same name and country again: %v", err)
	}
	if err := db.AddMember(ctx, &outflank.Member{Name: "Bob", PaidUntil: "2026-13-01"}); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("a bad date: %v", err)
	}
	for _, ref := range []string{"1", "#1", "Ann Smith"} {
		if m, err := db.Member(ctx, ref); err != nil || m.ID != 1 {
			t.Errorf("Member(%q) = %+v, %v", ref, m, err)
		}
	}
	if _, err := db.Member(ctx, "Nobody"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("an unknown name: %v", err)
	}
	ann.Unwaged = false
	if err := db.UpdateMember(ctx, ann); err != nil {
		t.Fatal(err)
	}
	if err := db.UpdateMember(ctx, ann); err == nil || !strings.Contains(err.Error(), "nothing to change") {
		t.Errorf("an edit that changes nothing: %v", err)
	}
	if err := db.RemoveMember(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := db.RemoveMember(ctx, 1); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("removed twice: %v", err)
	}
	bob := &outflank.Member{Name: "Bob", Country: "FRA"}
	if err := db.AddMember(ctx, bob); err != nil {
		t.Fatal(err)
	}
	if err := db.AddMember(ctx, &outflank.Member{Name: "Ann Smith", Country: "GBR"}); err != nil {
		t.Fatal(err)
	}
	if err := db.UpdateMember(ctx, &outflank.Member{ID: bob.ID, Name: "Ann Smith", Country: "GBR"}); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("an edit to the name and country of another: %v", err)
	}
	if err := db.UpdateMember(ctx, &outflank.Member{ID: 999, Name: "Nobody"}); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Errorf("an edit of no member: %v", err)
	}
	if err := db.AddMember(ctx, &outflank.Member{Name: "Ann Smith", Country: "FRA"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Member(ctx, "Ann Smith"); outflank.ErrorCode(err) != outflank.EINVALID || !strings.Contains(err.Error(), "2 members are named") {
		t.Errorf("a name two members have: %v", err)
	}
	list, err := db.MemberList(ctx)
	if err != nil || len(list) != 3 || list[0].Country != "FRA" || list[1].Country != "GBR" || list[2].Name != "Bob" {
		t.Errorf("the members by name and country: %+v %v", list, err)
	}
	for _, m := range list {
		if err := db.RemoveMember(ctx, m.ID); err != nil {
			t.Fatal(err)
		}
	}
	all, err := db.MemberLog(ctx, -1)
	if err != nil || len(all) != 9 {
		t.Fatalf("the whole log: %d changes, %v", len(all), err)
	}
	log, err := db.MemberLog(ctx, 10)
	log = log[6:]
	if err != nil || len(log) != 3 {
		t.Fatalf("log %+v, %v", log, err)
	}
	if log[0].Action != outflank.MemberRemove || log[1].Action != outflank.MemberEdit || log[2].Action != outflank.MemberAdd || log[0].Actor != "secretary" {
		t.Errorf("log %+v", log)
	}
	if !strings.Contains(log[1].Summary, "was Ann Smith, country GBR, citizenship GBR, unwaged, family smith; now Ann Smith, country GBR, citizenship GBR, family smith") {
		t.Errorf("edit summary %q", log[1].Summary)
	}
}
