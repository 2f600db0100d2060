package director

import (
	"context"
	"strings"

	"outflank"
	"outflank/member"
	"outflank/rules"
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
	// A WOF id match first: a namesake without one must not win.
	for _, byID := range []bool{true, false} {
		for i := range list {
			m := &list[i]
			if (m.WOFID != 0 && p.WOFID != 0) == byID && m.Is(&p) {
				return m, true, nil
			}
		}
	}
	return nil, false, nil
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
