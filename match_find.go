package outflank

import (
	"fmt"
	"strings"
)

// matchName writes a match's name as commands take it: lower case, words
// joined by hyphens, "women's" as "women" ("Women's semi-final 1" is
// women-semi-final-1, "third place" third-place).
func matchName(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("'s", "", "’s", "", "play-off", "playoff", "_", "-").Replace(s)
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "-", " ")), "-")
}

// findMatch finds the match name names: by its name ("semi-final-1") or
// its label ("semi-final 1"); a name without its number ("semi-final")
// when only one match has it.
func (t *Tournament) findMatch(k knockoutState, name string) (Match, error) {
	want := matchName(name)
	all := k.all()
	var found []Match
	for _, m := range all {
		if m.Name == want {
			return m, nil
		}
		if strings.HasPrefix(m.Name, want+"-") && strings.Trim(m.Name[len(want)+1:], "0123456789-") == "" {
			found = append(found, m)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		return Match{}, Errorf(EINVALID, "%q names %d matches: %s", name, len(found), matchNames(found))
	}
	return Match{}, Errorf(ENOTFOUND, "no match %q in %s: %s", name, t.Slug, knownMatches(t, all))
}

// knownMatches lists the matches a name may name.
func knownMatches(t *Tournament, all []Match) string {
	if len(all) == 0 {
		return fmt.Sprintf("it has no knockout match yet ('outflank status %s')", t.Slug)
	}
	return "its matches are " + matchNames(all)
}

func matchNames(ms []Match) string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	return strings.Join(names, ", ")
}

// FindMatchGame finds game number of the match name names ("final",
// "semi-final-1", "women-third-place", "playoff-4-5"), so that a director
// can enter "result woc final 2 33-31": its round and table.
func (t *Tournament) FindMatchGame(name string, number int) (round, table int, err error) {
	k := t.knockout()
	m, err := t.findMatch(k, name)
	if ErrorCode(err) == ENOTFOUND {
		return 0, 0, Errorf(ENOTFOUND, "round %q is not a whole number, nor a match of %s: %s", name, t.Slug, knownMatches(t, k.all()))
	}
	if err != nil {
		return 0, 0, err
	}
	if i := number - len(m.Games) - 1; number > len(m.Games) && i < len(m.Needless) {
		// A game the rules no longer call for, named to withdraw it.
		return m.Needless[i].Round, m.Needless[i].Game.Table, nil
	}
	if number < 1 || number > len(m.Games) {
		var where []string
		for i, mg := range m.Games {
			where = append(where, fmt.Sprintf("game %d: round %d table %d", i+1, mg.Round, mg.Game.Table))
		}
		switch len(m.Games) {
		case 0:
			return 0, 0, Errorf(ENOTFOUND, "%s has no game yet: pair it first ('outflank pair %s')", m.Name, t.Slug)
		case 1:
			return 0, 0, Errorf(ENOTFOUND, "%s has 1 game (%s): game %d is not paired", m.Name, strings.Join(where, "; "), number)
		}
		return 0, 0, Errorf(ENOTFOUND, "%s has %d games (%s): game %d is not paired", m.Name, len(m.Games), strings.Join(where, "; "), number)
	}
	mg := m.Games[number-1]
	return mg.Round, mg.Game.Table, nil
}
