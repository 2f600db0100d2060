package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"outflank/internal/shareddata"
)

// circuitJSON is `circuit standings --json`.
type circuitJSON struct {
	Circuit   string `json:"circuit"`
	Rules     string `json:"rules"`
	Standings []struct {
		Rank    int     `json:"rank"`
		Equal   bool    `json:"equal"`
		Name    string  `json:"name"`
		Country string  `json:"country"`
		WOFID   int     `json:"wof_id"`
		Points  float64 `json:"points"`
		Results []struct {
			Tournament string  `json:"tournament"`
			Position   int     `json:"position"`
			Points     float64 `json:"points"`
			Counted    bool    `json:"counted"`
		} `json:"results"`
	} `json:"standings"`
}

// must runs a command that must succeed and returns its stdout.
func must(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := runMain(t, "", args...)
	if code != 0 {
		t.Fatalf("outflank %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

func circuitStandings(t *testing.T, db, slug string) circuitJSON {
	t.Helper()
	var doc circuitJSON
	out := must(t, "--db", db, "circuit", "standings", slug, "--json")
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("standings --json: %v\n%s", err, out)
	}
	return doc
}

// summary renders standings as "rank[=] name points" joined by "; ".
func (d circuitJSON) summary() string {
	var parts []string
	for _, s := range d.Standings {
		eq := ""
		if s.Equal {
			eq = "="
		}
		parts = append(parts, strings.TrimSpace(strings.Join([]string{itoa(s.Rank) + eq, s.Name, points(s.Points)}, " ")))
	}
	return strings.Join(parts, "; ")
}

// TestCircuitEGPFromELOFiles builds a 6-tournament EGP circuit from real
// .ELO files and checks it against standings worked out by hand from each
// tournament's final list ('outflank standings SLUG'):
//
//	Roma open 2019:  Lai 5, Di Cola 4, Caviola 4, Pace 3, Lamberti 3, Vecchi 3, Puzzo 1, Marconi 1
//	                 (the byes of Caviola, Lamberti, Vecchi and Puzzo put back from the player lines)
//	  -> 200, 140, 90 (2nd-3rd equal on points, above 5th: not shared), 60 (4th keeps 60),
//	     35, 35 (5th-6th share (40+30)/2: EGP I.2.5), 17.5, 17.5 (7th-8th: (20+15)/2)
//	Bergen 2019:     Stokke, Ellingsen R., Lauser, Hjelmen, Ellingsen M., Eriksen -> 200 ... 30
//	Oadby 2010:      Barrass, Pridmore, Arnold (his bye put back), Burgess, Rowe, Starkey, Butler, Calladine -> 200 ... 15
//	Cambridge 2022:  Plowman G. 5, Juodele 5, Leader 4, Plowman M. 2, Plowman A. 2, Plowman S. 0
//	                 (equal on everything the file gives: in the order of its player lines, the
//	                 event's own; before issue 26 a random draw put Juodele first)
//	  -> 200, 140, 90, 60 (4th keeps 60), 40 (5th: the share starts at 5th), 30
//	Barcelona 2013:  WOF 2 (Tastet), 36, 839 (Kashiwabara), 5071, 4875, 4852, 40006, 90004 -> 200 ... 15
//	Grenoble 2009:   Tastet 6, Kashiwabara 5, Nicolet 5, Delaunay 4.5, Butin 3.5, Lazard 3, Michel 1,
//	                 Nicolas 0, Andriani 0 -> 200, 140, 90, 60, 40, 30, 20, 12.5, 12.5 (8th-9th: (15+10)/2)
//
// Circuit: Tastet (WOF 2) 200+200 = 400; Kashiwabara (WOF 839) 140+90 = 230;
// then the winners of one tournament, 200 each, equal (best 4, 5, 6, 7 and
// number of tournaments all equal: EGP I.2.5 "considered equal"); and so on
// down to Nicolas and Andriani, 12.5: 43 players.
func TestCircuitEGPFromELOFiles(t *testing.T) {
	t.Setenv("OUTFLANK_USER", "egp-secretary")
	dir := shareddata.Dir(t, "elo")
	db := testDatabase(t, "c.db")
	files := []string{"20190608_Roma_open", "20190731_Bergen_Open", "20100313_Oadby_Regional",
		"20221126_Cambridge_Christmas_Friendly", "20130406_EGP_Barcelona", "20090124_PREQUAL_GRENOBLE"}
	var slugs []string
	for _, f := range files {
		slug := strings.ToLower(strings.ReplaceAll(f, "_", "-"))
		must(t, "--db", db, "import", filepath.Join(dir, f+".ELO"), "--slug", slug)
		slugs = append(slugs, slug)
	}
	must(t, "--db", db, "circuit", "new", "egp", "--rules", "egp", "--year", "2019")
	if code, _, _ := runMain(t, "", "--db", db, "circuit", "new", "egp", "--rules", "egp", "--year", "2019"); code != 1 {
		t.Errorf("a second circuit egp: exit %d, want 1", code)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "circuit", "add", "egp", "nowhere"); code != 1 || !strings.Contains(errOut, "outflank import") {
		t.Errorf("adding a missing tournament: exit %d %s", code, errOut)
	}
	_, _, errOut := runMain(t, "", append([]string{"--db", db, "circuit", "add", "egp"}, slugs...)...)
	if !strings.Contains(errOut, "not in the circuit's year 2019") {
		t.Errorf("no warning for tournaments of other years: %q", errOut)
	}
	doc := circuitStandings(t, db, "egp")
	if doc.Circuit != "egp" || doc.Rules != "egp" || len(doc.Standings) != 43 {
		t.Fatalf("circuit %q rules %q, %d players, want egp egp 43", doc.Circuit, doc.Rules, len(doc.Standings))
	}
	want := "1 TASTET, Marc 400; 2 KASHIWABARA, Takuji 230; " +
		"3= LAI, Fabrizio 200; 3= STOKKE, Solrun 200; 3= BARRASS, Iain 200; 3= PLOWMAN, Guy 200; " +
		"7= DI COLA, Severino 140; 7= ELLINGSEN, Roy 140; 7= PRIDMORE, Ben 140; 7= JUODELE, Marius 140; 7= WOF 36 140; " +
		"12= CAVIOLA, Leonardo 90; 12= LAUSER, Andreas 90; 12= ARNOLD, Roy 90; 12= LEADER, Imre 90; 12= NICOLET, Stephane 90; " +
		"17= PACE, Alessandro 60; 17= HJELMEN, Gisle 60; 17= BURGESS, Andrew 60; 17= PLOWMAN, Mark 60; 17= WOF 5071 60; 17= DELAUNAY, Arnaud 60; " +
		"23= ELLINGSEN Maren, Hopland 40; 23= ROWE, Stephen 40; 23= PLOWMAN, Anya 40; 23= WOF 4875 40; 23= BUTIN, Pierre 40; " +
		"28= LAMBERTI, Luigi 35; 28= VECCHI, Maria Serena 35; " +
		"30= ERIKSEN, Maria 30; 30= STARKEY, Helen 30; 30= PLOWMAN, Sophie 30; 30= WOF 4852 30; 30= LAZARD, Emmanuel 30; " +
		"35= BUTLER, Robert 20; 35= WOF 40006 20; 35= MICHEL, Stephane 20; " +
		"38= PUZZO, Giulio 17.5; 38= MARCONI, Flavio 17.5; " +
		"40= CALLADINE, Robert 15; 40= WOF 90004 15; " +
		"42= NICOLAS, Caroline 12.5; 42= ANDRIANI, Bintsa 12.5"
	if got := doc.summary(); got != want {
		t.Errorf("standings\ngot  %s\nwant %s", got, want)
	}
	top := doc.Standings[0]
	if top.WOFID != 2 || len(top.Results) != 2 || top.Results[0].Tournament != "20130406-egp-barcelona" || top.Results[0].Position != 1 ||
		top.Results[0].Points != 200 || !top.Results[0].Counted {
		t.Errorf("Tastet's line: %+v", top)
	}

	// One person under two identities: Barcelona's file names him, the
	// Grenoble entry loses its WOF id and gets a country. Same name,
	// another country: a warning, until a link merges them (audited).
	must(t, "--db", db, "player", "edit", slugs[4], "WOF 2", "--name", "TASTET, Marc")
	must(t, "--db", db, "player", "edit", slugs[5], "TASTET, Marc", "--wof-id", "0", "--country", "FRA")
	_, out, errOut := runMain(t, "", "--db", db, "circuit", "standings", "egp")
	if !strings.Contains(errOut, "TASTET, Marc appears as 2 players: WOF 2, TASTET, Marc (FRA)") {
		t.Errorf("no duplicate warning:\n%s", errOut)
	}
	if !strings.Contains(out, "* counts: the best 4 results (EGP I.2.5)") {
		t.Errorf("standings text:\n%s", out)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "circuit", "show", "egp", "TASTET, Marc"); code != 1 || !strings.Contains(errOut, `"TASTET, Marc (FRA)"`) {
		t.Errorf("an ambiguous name: exit %d %s", code, errOut)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "circuit", "link", "egp", "2", "KASHIWABARA, Takuji"); code != 1 || !strings.Contains(errOut, "both played") {
		t.Errorf("linking two players of one tournament: exit %d %s", code, errOut)
	}
	must(t, "--db", db, "circuit", "link", "egp", "2", "TASTET, Marc (FRA)")
	_, out, errOut = runMain(t, "", "--db", db, "circuit", "show", "egp", "2")
	if errOut != "" || !strings.Contains(out, "TASTET, Marc, WOF 2: rank 1 in European Grand Prix 2019, 400 points") ||
		!strings.Contains(out, "Prequalificatif de Grenoble 2009 (20090124-prequal-grenoble)  1         200     yes") {
		t.Errorf("after the link:\n%s%s", out, errOut)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "circuit", "decide", "egp", "--winner", "2", "--reason", "x"); code != 1 || !strings.Contains(errOut, "EGP I.2.5") {
		t.Errorf("a decision in an EGP circuit: exit %d %s", code, errOut)
	}
	log := must(t, "--db", db, "circuit", "log", "egp")
	if !strings.Contains(log, "egp-secretary  linked TASTET, Marc (FRA) to 2: one player") {
		t.Errorf("log:\n%s", log)
	}
	must(t, "--db", db, "circuit", "remove", "egp", slugs[5])
	if doc := circuitStandings(t, db, "egp"); len(doc.Standings) != 43-7 || doc.Standings[0].Points != 200 {
		t.Errorf("after removing Grenoble: %d players, top %v", len(doc.Standings), doc.Standings[0].Points)
	}
}

// TestCircuitBOFGrandPrix: only Regionals (BOF GP 1); places by game
// points, ties sharing (GP 3); a tie for the winner that best results
// cannot break waits for a recorded decision (GP 6). By hand:
//
//	Oadby:  Barrass 200, Pridmore 160, Arnold (his round-1 bye put back from his player line) and
//	        Burgess on 5 share 3rd-4th (120+100)/2 = 110, Rowe 80, Starkey 60, Butler 40, Calladine 20
//	Roma:   Lai 200, Di Cola and Caviola on 4 share 2nd-3rd (160+120)/2 = 140, Lamberti, Vecchi
//	        and Pace on 3 share 4th-6th (100+80+60)/3 = 80, Marconi and Puzzo share (40+20)/2 = 30
//	        (the byes of Caviola, Lamberti, Vecchi and Puzzo put back)
//
// Barrass and Lai are tied on 200, with the same best tournament.
func TestCircuitBOFGrandPrix(t *testing.T) {
	dir := shareddata.Dir(t, "elo")
	db := testDatabase(t, "c.db")
	must(t, "--db", db, "import", filepath.Join(dir, "20100313_Oadby_Regional.ELO"), "--slug", "oadby", "--rules", "bof-regional")
	must(t, "--db", db, "import", filepath.Join(dir, "20190608_Roma_open.ELO"), "--slug", "roma", "--rules", "bof-regional")
	must(t, "--db", db, "import", filepath.Join(dir, "20221126_Cambridge_Christmas_Friendly.ELO"), "--slug", "cambridge")
	must(t, "--db", db, "circuit", "new", "gp", "--rules", "bof-gp", "--year", "2010")
	code, _, errOut := runMain(t, "", "--db", db, "circuit", "add", "gp", "oadby", "cambridge")
	if code != 1 || !strings.Contains(errOut, "BOF Grand Prix 1") {
		t.Errorf("a non-Regional: exit %d %s", code, errOut)
	}
	must(t, "--db", db, "circuit", "add", "gp", "oadby", "roma")
	_, _, errOut = runMain(t, "", "--db", db, "circuit", "standings", "gp")
	if !strings.Contains(errOut, "circuit decide gp --winner PLAYER") {
		t.Errorf("no warning of the undecided tie: %q", errOut)
	}
	doc := circuitStandings(t, db, "gp")
	want := "1= BARRASS, Iain 200; 1= LAI, Fabrizio 200; 3 PRIDMORE, Ben 160; 4= DI COLA, Severino 140; 4= CAVIOLA, Leonardo 140; " +
		"6= ARNOLD, Roy 110; 6= BURGESS, Andrew 110; 8= ROWE, Stephen 80; 8= LAMBERTI, Luigi 80; 8= PACE, Alessandro 80; 8= VECCHI, Maria Serena 80; " +
		"12 STARKEY, Helen 60; 13 BUTLER, Robert 40; 14= MARCONI, Flavio 30; 14= PUZZO, Giulio 30; 16 CALLADINE, Robert 20"
	if got := doc.summary(); got != want {
		t.Errorf("standings\ngot  %s\nwant %s", got, want)
	}
	if code, _, errOut := runMain(t, "", "--db", db, "circuit", "decide", "gp", "--winner", "PRIDMORE, Ben", "--reason", "x"); code != 1 || !strings.Contains(errOut, "not tied for first") {
		t.Errorf("deciding for a player not tied: exit %d %s", code, errOut)
	}
	if code, _, _ := runMain(t, "", "--db", db, "circuit", "decide", "gp", "--winner", "LAI, Fabrizio"); code != 2 {
		t.Errorf("a decision without a reason: exit %d, want 2", code)
	}
	must(t, "--db", db, "circuit", "decide", "gp", "--winner", "LAI, Fabrizio", "--reason", "coin toss by the chairman")
	doc = circuitStandings(t, db, "gp")
	if got := doc.summary(); !strings.HasPrefix(got, "1 LAI, Fabrizio 200; 2 BARRASS, Iain 200; 3 PRIDMORE") {
		t.Errorf("after the decision: %s", got)
	}
	out := must(t, "--db", db, "circuit", "standings", "gp")
	if !strings.Contains(out, "winner by decision: coin toss by the chairman") {
		t.Errorf("standings text:\n%s", out)
	}
}

// TestCircuitBOFGP3RoundsUpOnRealData: the 25th Burijn open, taken as a
// Regional, has nine players on 3 points in places 4 to 12: they share
// 100+80+60+40+20+10+5+5+5 = 325, 36.11 each, rounded up to 37 (BOF GP 3);
// the two on 4 points in places 2-3 share (160+120)/2 = 140; the six on 2
// points in places 13-18, like everybody from 10th on, 5 (GP 4-5).
func TestCircuitBOFGP3RoundsUpOnRealData(t *testing.T) {
	dir := shareddata.Dir(t, "elo")
	db := testDatabase(t, "c.db")
	must(t, "--db", db, "import", filepath.Join(dir, "20190212_25_Burijn_open.ELO"), "--slug", "burijn", "--rules", "bof-regional")
	must(t, "--db", db, "circuit", "new", "gp", "--rules", "bof-gp", "--year", "2019")
	must(t, "--db", db, "circuit", "add", "gp", "burijn")
	doc := circuitStandings(t, db, "gp")
	count := map[float64]int{}
	position := map[float64]int{}
	for _, s := range doc.Standings {
		count[s.Points]++
		position[s.Points] = s.Results[0].Position
	}
	if len(doc.Standings) != 25 || count[200] != 1 || count[140] != 2 || count[37] != 9 || position[37] != 4 || count[5] != 13 {
		t.Errorf("points by count %v, positions %v\n%s", count, position, doc.summary())
	}
}
