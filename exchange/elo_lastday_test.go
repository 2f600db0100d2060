package exchange

import (
	"bytes"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// TestELOTwoDayDateKept: a two-day event's "%%Date: 06/06/2026 -
// 07/06/2026" keeps its last day through the import (the tournament's
// last_day setting) and the export writes the header as it came (issue
// 26, 3: the end date was dropped).
func TestELOTwoDayDateKept(t *testing.T) {
	const file = `%%Tournament: National 2026
%%Country: Great-Britain
%%Date: 06/06/2026 - 07/06/2026
%%Sender: British Othello Federation
%_% 1001, ONE, Ann, GBR, 1, 40
%_% 1002, TWO, Bob, GBR, 0, 24
%Round: 1
1001 (40)>(24) 1002 B
`
	tour, _, err := ReadELO(strings.NewReader(file), rules.BOFNational, "national.ELO")
	if err != nil {
		t.Fatal(err)
	}
	if tour.Date != "2026-06-06" || tour.Settings.LastDay != "2026-06-07" {
		t.Fatalf("date %q, last day %q; want 2026-06-06 and 2026-06-07", tour.Date, tour.Settings.LastDay)
	}
	var out bytes.Buffer
	if err := WriteELO(&out, tour); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "%%Date: 06/06/2026 - 07/06/2026\n") {
		t.Errorf("exported header:\n%s", out.String())
	}
	// A tournament file carries it too.
	var js bytes.Buffer
	if err := WriteJSON(&js, tour); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&js)
	if err != nil {
		t.Fatal(err)
	}
	if back.Settings.LastDay != "2026-06-07" {
		t.Errorf("tournament file's last day %q", back.Settings.LastDay)
	}
	// A last day before the first is the file's mistake: left out, said.
	bad := strings.Replace(file, "06/06/2026 - 07/06/2026", "06/06/2026 - 05/06/2026", 1)
	tour, warnings, err := ReadELO(strings.NewReader(bad), rules.BOFNational, "national.ELO")
	if err != nil {
		t.Fatal(err)
	}
	if tour.Settings.LastDay != "" || !strings.Contains(strings.Join(warnings, "\n"), "last day") {
		t.Errorf("last day %q, warnings %q", tour.Settings.LastDay, warnings)
	}
}

// TestELONewPlayersNeedTheirIDs: an .ELO file is refused while a player
// has no WOF id, naming him and saying how to give one; no id is made up
// (issue 26, 4: +900000+n, an id no file of the archive uses). A new
// player with the id his federation gave him is written "+ID", as the
// archive's new players are, and read back new.
func TestELONewPlayersNeedTheirIDs(t *testing.T) {
	tour, err := outflank.NewTournament("club", "Club night", "2026-05-01", rules.BOFRegional, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{{Name: "LEADER, Imre", WOFID: 79}, {Name: "GAMBLE, Daniel"}} {
		if _, err := tour.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}}, nil); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	err = WriteELO(&b, tour)
	if err == nil || !strings.Contains(err.Error(), "#2 GAMBLE, Daniel") || !strings.Contains(err.Error(), "--wof-id") || b.Len() > 0 {
		t.Fatalf("a player without an id: %v\n%s", err, b.String())
	}
	if strings.Contains(err.Error(), "900") {
		t.Errorf("the refusal names a made-up id: %v", err)
	}
	tour.Players[1].WOFID, tour.Players[1].NewToWOF = 100041, true
	if err := WriteELO(&b, tour); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "%_% +100041, GAMBLE, Daniel,") || !strings.Contains(b.String(), "%_%      79, LEADER, Imre,") {
		t.Errorf("player lines:\n%s", b.String())
	}
	back, _, err := ReadELO(&b, rules.BOFRegional, "club.ELO")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range back.Players {
		if p.NewToWOF != (p.WOFID == 100041) {
			t.Errorf("read back %s, WOF %d, new %v", p.Name, p.WOFID, p.NewToWOF)
		}
	}
}
