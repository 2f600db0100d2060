package eligibility

import (
	"errors"
	"strings"
	"testing"
)

func TestYoung_WOC_I_2_2(t *testing.T) {
	tests := []struct {
		name        string
		born        string
		year        int
		young, know bool
	}{
		{"exactly 14 on 31 December", "2005-12-31", 2019, true, true},
		{"14 born on 1 January", "2005-01-01", 2019, true, true},
		{"15 on 31 December, born 31 December 2004", "2004-12-31", 2019, false, true},
		{"aged 13", "2007-06-01", 2019, true, true},
		{"unknown birth date", "", 2019, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			young, known := Young(tt.born, tt.year)
			if young != tt.young || known != tt.know {
				t.Errorf("Young(%q, %d) = %v, %v; want %v, %v", tt.born, tt.year, young, known, tt.young, tt.know)
			}
		})
	}
}

func team(spec ...string) []Entrant {
	var es []Entrant
	for i, s := range spec {
		es = append(es, Entrant{Name: string(rune('A' + i)), Gender: strings.TrimSuffix(s, "y"), Young: strings.HasSuffix(s, "y")})
	}
	return es
}

func TestCheckTeam_WOC_I_2_1_2(t *testing.T) {
	tests := []struct {
		name string
		kind Nation
		team []Entrant
		rule string // "" when accepted
	}{
		{"federation: one player", Federation, team("m"), ""},
		{"federation: 4 players", Federation, team("m", "m", "m", "f"), ""},
		{"federation: 4th player, 4th of one gender", Federation, team("m", "m", "m", "m"), "WOC I.2.2"},
		{"federation: 4 women", Federation, team("f", "f", "f", "f"), "WOC I.2.2"},
		{"federation: 4 of unknown gender", Federation, team("", "", "", ""), ""},
		{"federation: 5th player, none young", Federation, team("m", "m", "f", "f", "m"), "WOC I.2.1-2.2"},
		{"federation: 4 players and a young one", Federation, team("m", "m", "f", "f", "my"), ""},
		{"federation: the young one makes 4 of one gender, as the additional he does not", Federation, team("m", "m", "m", "f", "my"), ""},
		{"federation: second young player as a fourth player", Federation, team("m", "m", "f", "fy", "my"), ""},
		{"federation: second young player beyond 4 and 1", Federation, team("m", "m", "f", "f", "my", "fy"), "WOC I.2.1-2.2"},
		{"federation: 4 men, one of them young, and a woman", Federation, team("m", "m", "m", "my", "f"), ""},
		{"federation: 4 men and a young man, all men", Federation, team("m", "m", "m", "m", "my"), "WOC I.2.2"},
		{"contact person: one player", ContactPerson, team("m"), ""},
		{"contact person: one player and a young one", ContactPerson, team("f", "my"), ""},
		{"contact person: second player", ContactPerson, team("f", "m"), "WOC I.2.1-2.2"},
		{"contact person: two young players", ContactPerson, team("fy", "my"), ""},
		{"contact person: second young player beyond 1 and 1", ContactPerson, team("m", "fy", "my"), "WOC I.2.1-2.2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckTeam("GBR", tt.kind, tt.team)
			var r *Refusal
			switch {
			case tt.rule == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.rule != "" && !errors.As(err, &r):
				t.Fatalf("accepted; want a refusal citing %s", tt.rule)
			case tt.rule != "" && r.Rule != tt.rule:
				t.Fatalf("refusal cites %s (%v); want %s", r.Rule, err, tt.rule)
			}
		})
	}
}

func TestRepresents_WOC_I_2_3(t *testing.T) {
	tests := []struct {
		name                              string
		nation, citizen, residentSince, d string
		want                              Verdict
	}{
		{"citizen", "GBR", "GBR", "", "2019-11-14", Eligible},
		{"resident exactly 6 months", "GBR", "FRA", "2019-05-14", "2019-11-14", Eligible},
		{"resident a day short of 6 months", "GBR", "FRA", "2019-05-15", "2019-11-14", Ineligible},
		{"resident for years", "GBR", "", "2010-01-01", "2019-11-14", Eligible},
		{"citizen of another nation, no residence", "GBR", "FRA", "", "2019-11-14", Ineligible},
		{"nothing recorded", "GBR", "", "", "2019-11-14", Unknown},
		{"no date", "GBR", "FRA", "2019-05-14", "", Unknown},
		{"no nation", "", "FRA", "", "2019-11-14", Unknown},
		{"31 August less 6 months is 3 March (no 31 February)", "GBR", "", "2019-03-03", "2019-08-31", Eligible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, why := Represents(tt.nation, tt.citizen, tt.residentSince, tt.d)
			if got != tt.want {
				t.Errorf("Represents = %v (%s); want %v", got, why, tt.want)
			}
			if !strings.HasPrefix(why, "WOC I.2.3") {
				t.Errorf("reason %q does not cite WOC I.2.3", why)
			}
		})
	}
}

func TestResidentDays_BOF_National_12(t *testing.T) {
	tests := []struct {
		name        string
		since, date string
		want        Verdict
	}{
		{"exactly 183 days", "2019-03-02", "2019-09-01", Eligible},
		{"182 days", "2019-03-03", "2019-09-01", Ineligible},
		{"years", "2001-01-01", "2019-09-01", Eligible},
		{"arrives after the National", "2019-10-01", "2019-09-01", Ineligible},
		{"unknown residence", "", "2019-09-01", Unknown},
		{"no date", "2019-01-01", "", Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ResidentDays(tt.since, tt.date, NationalDays); got != tt.want {
				t.Errorf("ResidentDays(%s, %s) = %v; want %v", tt.since, tt.date, got, tt.want)
			}
		})
	}
	if got := ResidentFrom("2019-09-01", NationalDays); got != "2019-03-02" {
		t.Errorf("ResidentFrom = %s; want 2019-03-02", got)
	}
}
