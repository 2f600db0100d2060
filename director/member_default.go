package director

import (
	"context"
	"fmt"
	"strings"

	"outflank"
	"outflank/member"
	"outflank/rules"
	"outflank/words"
)

// memberOf finds the federation's member record of p: the same WOF id
// when both have one, else the exact same name and country
// (outflank.Member.Is). found is false when the store keeps no members,
// when none matches, or when p needs nothing from it.
func memberOf(ctx context.Context, store outflank.Store, p outflank.Player) (m *outflank.Member, found bool, err error) {
	ms, ok := store.(outflank.Members)
	if !ok || (p.Citizenship != "" && p.ResidentSince != "") {
		return nil, false, nil
	}
	list, err := ms.MemberList(ctx)
	if err != nil {
		return nil, false, err
	}
	m = matchMember(list, &p)
	return m, m != nil, nil
}

// defaultFromMember fills in p's citizenship and residence from the member
// record m when they are not given, and says what it took ("" for
// nothing). The record's residence is in the UK (member.Record), so it is
// taken only where that is the residence the rules read: at the BOF's
// tournaments, and for a player representing the UK.
func defaultFromMember(t *outflank.Tournament, p *outflank.Player, m *outflank.Member) string {
	if m == nil {
		return ""
	}
	var took []string
	if p.Citizenship == "" && m.Citizenship != "" {
		p.Citizenship = m.Citizenship
		took = append(took, "citizenship "+m.Citizenship)
	}
	bof := t.Rules == rules.BOFNational || t.Rules == rules.BOFRegional
	represents := p.Team
	if represents == "" {
		represents = p.Country
	}
	if p.ResidentSince == "" && m.ResidentSince != "" && (bof || strings.EqualFold(represents, member.UK)) {
		p.ResidentSince = m.ResidentSince
		took = append(took, "resident in the UK since "+m.ResidentSince)
	}
	return strings.Join(took, ", ")
}

// FromMembers fills in, for every player of t (a tournament being
// imported), the citizenship and residence not given, from the
// federation's member record of the player, as Register does for 'player
// add', so that the eligibility rules read what the records hold. It
// returns how many players took something, and the log's words for it
// ("" for none).
func FromMembers(ctx context.Context, store outflank.Store, t *outflank.Tournament) (string, error) {
	ms, ok := store.(outflank.Members)
	if !ok {
		return "", nil
	}
	list, err := ms.MemberList(ctx)
	if err != nil || len(list) == 0 {
		return "", err
	}
	n := 0
	for i := range t.Players {
		p := &t.Players[i]
		if p.Citizenship != "" && p.ResidentSince != "" {
			continue
		}
		if m := matchMember(list, p); m != nil && defaultFromMember(t, p, m) != "" {
			n++
		}
	}
	if n == 0 {
		return "", nil
	}
	return fmt.Sprintf("; citizenship or residence of %s from the member records", words.Count(n, "player")), nil
}

// matchMember is memberOf's match among list: the same WOF id first, so
// that a namesake without one does not win, then the same name and
// country.
func matchMember(list []outflank.Member, p *outflank.Player) *outflank.Member {
	for _, byID := range []bool{true, false} {
		for i := range list {
			m := &list[i]
			if (m.WOFID != 0 && p.WOFID != 0) == byID && m.Is(p) {
				return m
			}
		}
	}
	return nil
}
