package exchange

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestEligibilityRoundTrip_WOC_I_2_BOFNational13: citizenship, residence,
// the chairman's exemption and the contact nations survive the tournament
// file.
func TestEligibilityRoundTrip_WOC_I_2_BOFNational13(t *testing.T) {
	tour, err := outflank.NewTournament("nat", "National", "2019-09-01", rules.BOFNational, 9)
	if err != nil {
		t.Fatal(err)
	}
	tour.Settings.ContactNations = "NZL,SWE"
	if _, err := tour.AddPlayer(outflank.Player{Name: "Bo", Country: "SWE", Citizenship: "SWE", ResidentSince: "2019-06-01", Exemption: "moves to Leeds"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, tour); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if back.Settings != tour.Settings {
		t.Errorf("settings came back as %+v, want %+v", back.Settings, tour.Settings)
	}
	if !slices.EqualFunc(back.Players, tour.Players, func(a, b outflank.Player) bool {
		return a.Citizenship == b.Citizenship && a.ResidentSince == b.ResidentSince && a.Exemption == b.Exemption
	}) {
		t.Errorf("players came back as %+v, want %+v", back.Players, tour.Players)
	}
}

func TestPlayersCSVEligibilityColumns(t *testing.T) {
	ps, err := ReadPlayersCSV(bytes.NewBufferString("name,country,citizenship,resident_since\nBo,SWE,SE,2019-06-01\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].Citizenship != "SE" || ps[0].ResidentSince != "2019-06-01" {
		t.Errorf("read %+v", ps)
	}
}

// TestPlayersCSVAdditionalAndExemption_WOC_II_2_BOFNational13: the
// additional column marks the host's or the WOF's additional player (WOC
// II.2), outside the nation's team; the exemption column gives the BOF
// chairman's reason (National 13); a yes/no cell in other words is refused.
func TestPlayersCSVAdditionalAndExemption_WOC_II_2_BOFNational13(t *testing.T) {
	ps, err := ReadPlayersCSV(bytes.NewBufferString("name,additional,exemption\nA,yes,\nB,,moves to Leeds\nC,0,\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || !ps[0].Additional || ps[1].Additional || ps[1].Exemption != "moves to Leeds" || ps[2].Additional {
		t.Errorf("read %+v", ps)
	}
	if _, err := ReadPlayersCSV(bytes.NewBufferString("name,additional\nA,perhaps\n")); err == nil || !strings.Contains(err.Error(), `additional "perhaps": write yes or no`) {
		t.Errorf("a cell neither yes nor no: %v", err)
	}
}
