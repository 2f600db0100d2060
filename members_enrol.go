package outflank

import (
	"context"
)

// Unrecorded is what NewMemberRecords finds: the records a tournament's
// players without one would get, and those it cannot add.
type Unrecorded struct {
	Tournament *Tournament
	// New are the records to add, in the tournament's player order.
	New []Member
	// Taken are the players whose name and country another record
	// already has (with another WOF id): a person the secretary must
	// match by hand.
	Taken []Member
}

// NewMemberRecords returns the member records the players of tournament
// slug who have none (Member.Is) would get: BOF Membership & finance 1
// enrols "a player taking part in his or her first tournament" at a
// BOF-rated tournament, so the records are offered for a bof-regional or
// bof-national tournament only. A record takes the player's name, WOF id,
// country, citizenship and residency.
func NewMemberRecords(ctx context.Context, s Store, ms Members, slug string) (*Unrecorded, error) {
	t, err := s.Tournament(ctx, slug)
	if err != nil {
		return nil, err
	}
	if !BOFEvent(t).Rated {
		return nil, Errorf(EINVALID, "tournament %s has rules %s: members are enrolled at a BOF-rated tournament (BOF Membership & finance 1), a bof-regional or bof-national one", t.Slug, t.Rules)
	}
	list, err := ms.MemberList(ctx)
	if err != nil {
		return nil, err
	}
	u := &Unrecorded{Tournament: t, New: []Member{}, Taken: []Member{}}
	taken := map[[2]string]bool{}
	for _, m := range list {
		taken[[2]string{m.Name, m.Country}] = true
	}
next:
	for i := range t.Players {
		p := &t.Players[i]
		for k := range list {
			if list[k].Is(p) {
				continue next
			}
		}
		m := Member{WOFID: p.WOFID, Name: p.Name, Country: p.Country, Citizenship: p.Citizenship, ResidentSince: p.ResidentSince}
		if taken[[2]string{m.Name, m.Country}] {
			u.Taken = append(u.Taken, m)
			continue
		}
		taken[[2]string{m.Name, m.Country}] = true
		u.New = append(u.New, m)
	}
	return u, nil
}

// AddMemberRecords adds the records of u.New, each with its entry in the
// members' log. It stops at the first refusal; the records added before
// it stay (each is whole, and in the log) and are returned.
func AddMemberRecords(ctx context.Context, ms Members, u *Unrecorded) ([]Member, error) {
	var added []Member
	for _, m := range u.New {
		if err := ms.AddMember(ctx, &m); err != nil {
			return added, err
		}
		added = append(added, m)
	}
	return added, nil
}
