package exchange

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"outflank"
	"outflank/internal/shareddata"
	"outflank/rules"
	"outflank/wof"
)

// readDataELO imports testdata/dir/name under ruleset id.
func readDataELO(t *testing.T, dir, name string, id rules.ID) (*outflank.Tournament, []string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", dir, name))
	if err != nil {
		t.Fatal(err)
	}
	tour, warnings, err := ReadELO(bytes.NewReader(data), id, name)
	if err != nil {
		t.Fatal(err)
	}
	return tour, warnings
}

// wofOrder is the order of finish as WOF ids.
func wofOrder(tour *outflank.Tournament, title rules.Title) []int {
	var ids []int
	for _, p := range tour.OrderOfFinish(title).Places {
		pl, _ := tour.Player(p.Player)
		ids = append(ids, pl.WOFID)
	}
	return ids
}

// TestELOAddedResultsAreTheEGPFinals: the seven EGP 2019 files imported
// with the EGP rules (issue 26, 1). The games after %%Added results (at
// Prague, after a repeat in round 11) are the final, best of three, between
// the final list's 1st and 2nd, and the third place between its 3rd and
// 4th (EGP II.2, III.1-2): the order of finish is the finals', read by hand
// from the files: at Germany Leader beat Berg 2-1 (33-31, 25-39, 35-29)
// and Kashiwabara beat Vallund 37-27; at Paris Murakami beat Kashiwabara
// 2-0 and Tastet beat Ralle 38-26; at Stockholm Wettergren beat Tanida 2-1;
// at Ghent Kashiwabara beat Hobo 1.5-1.5 on discs (103-89, EGP III.1) and
// Van den Biggelaar beat De Graaf 42-22; at Oslo Tastet beat Kashiwabara
// 2-0 and Eklund beat Leader 37-27; at Prague Madrona beat Kashiwabara 2-1
// and Voracek beat Fu 33-31; at Athens Litsas beat Tastet 2-0. The event
// is over (not "round 12 of 14 to pair") where every match is decided, and
// at Athens too, whose file has no third place: an imported file is a
// record, over once its games have results, though its order of finish
// leaves places 3 and 4 undecided.
func TestELOAddedResultsAreTheEGPFinals(t *testing.T) {
	for _, c := range []struct {
		file     string
		top      []int // WOF ids of places 1 to len(top)
		complete bool
		over     bool // status: the event is over, every match decided or not
	}{
		{"20190601_EGP_Germany.ELO", []int{79, 5301, 839, 96}, true, true},
		{"20190831_EGP_Paris.ELO", []int{299, 839, 2, 1}, true, true},
		{"20190706_EGP_Stockholm.ELO", []int{150009, 5513}, false, false}, // the third place is drawn: see TestELODrawnThirdPlaceWaitsForTheChoice
		{"20190323_EGP_Ghent.ELO", []int{839, 5071, 5105, 4012}, true, true},
		{"20190504_EGP_Oslo.ELO", []int{2, 839, 150016, 79}, true, true},
		{"20190622_EGP_Prague.ELO", []int{4850, 839, 4501, 4073}, true, true},
		{"20190914_EGP_Athens.ELO", []int{300018, 2}, false, true}, // no third place in the file
	} {
		t.Run(c.file, func(t *testing.T) {
			tour, warnings := readDataELO(t, "egp2019", c.file, rules.EGP)
			f := tour.OrderOfFinish(rules.TitleIndividual)
			if got := wofOrder(tour, rules.TitleIndividual)[:len(c.top)]; !slices.Equal(got, c.top) {
				t.Errorf("order of finish %v, want %v first\n%v", got, c.top, warnings)
			}
			for i, p := range f.Places[:len(c.top)] {
				if p.Undecided || p.Place != i+1 {
					t.Errorf("place %d: %+v, want decided", i+1, p)
				}
			}
			if f.Complete != c.complete {
				t.Errorf("complete %v, want %v", f.Complete, c.complete)
			}
			st := tour.Status()
			if st.Done != c.over || c.complete && !strings.HasPrefix(st.Headline, "the event is complete") {
				t.Errorf("status %q, done %v; want done %v", st.Headline, st.Done, c.over)
			}
			if strings.HasPrefix(st.Headline, "round ") {
				t.Errorf("status %q asks for a round", st.Headline)
			}
			for _, r := range tour.Rounds {
				if r.Stage == outflank.StageSwiss && r.Number > tour.Settings.Rounds {
					t.Errorf("round %d is a Swiss round after the %d of the main stage", r.Number, tour.Settings.Rounds)
				}
			}
		})
	}
}

// TestELOAddedGamesNoMatchCallsFor: a game after %%Added results that no
// knockout match of the rules calls for (Ghent 2019's De Graaf v Tastet R.,
// Prague 2019's Czech championship play-off) is kept where it was, outside
// the standings and the order of finish, and the import names it (issue
// 26, 1); it is not a needless game to withdraw.
func TestELOAddedGamesNoMatchCallsFor(t *testing.T) {
	tour, warnings := readDataELO(t, "egp2019", "20190323_EGP_Ghent.ELO", rules.EGP)
	want := "line 205: #16 DE GRAAF, Wendy v #10 TASTET, Remi 52-12: the European Grand Prix rules call for no knockout game"
	if !slices.ContainsFunc(warnings, func(w string) bool { return strings.HasPrefix(w, want) }) {
		t.Errorf("no warning %q in\n%s", want, strings.Join(warnings, "\n"))
	}
	if n := tour.NeedlessGames(); len(n) != 0 {
		t.Errorf("needless games %+v", n)
	}
	kept := 0
	for _, r := range tour.Rounds {
		if r.Method == outflank.MethodAddedUnmatched {
			kept += len(r.Games)
			if r.Stage != outflank.StagePlayoff || r.Games[0].Result == nil {
				t.Errorf("round %d: %+v", r.Number, r)
			}
		}
	}
	if kept != 1 {
		t.Errorf("%d games kept outside the matches, want 1", kept)
	}
	prague, warnings := readDataELO(t, "egp2019", "20190622_EGP_Prague.ELO", rules.EGP)
	n := 0
	for _, w := range warnings {
		if strings.Contains(w, "DOUDA, Tomas") && strings.Contains(w, "call for no knockout game") {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d warnings name the Czech play-off's 3 games:\n%s", n, strings.Join(warnings, "\n"))
	}
	// Douda's 6 Swiss points, not the 8.5 of his line, which counts the
	// Czech play-off: 8th, not 4th.
	for _, p := range prague.OrderOfFinish(rules.TitleIndividual).Places {
		if pl, _ := prague.Player(p.Player); pl.WOFID == 4617 && (p.Points != 6 || p.Place != 8) {
			t.Errorf("Douda: %+v, want place 8= on 6 points", p)
		}
	}
	// Under a ruleset without knockout stages the added games stay as
	// they were, and the import says why.
	_, warnings = readDataELO(t, "egp2019", "20190601_EGP_Germany.ELO", rules.Custom)
	if !slices.ContainsFunc(warnings, func(w string) bool {
		return strings.HasPrefix(w, "4 games after %%Added results: the Custom rules have no knockout stage")
	}) {
		t.Errorf("no warning about the added games under custom rules:\n%s", strings.Join(warnings, "\n"))
	}
}

// TestELODrawnThirdPlaceWaitsForTheChoice: Stockholm 2019's third place,
// Kashiwabara v Aubroeck, is drawn 32-32; a draw goes to whoever held the
// draw-win, the higher-ranked's choice (EGP III.2, IV.9), which an .ELO
// file does not record. The import keeps the draw, says so, and leaves
// places 3 and 4 undecided; the director records the choice and the match
// is decided. A tournament file keeps the waiting draw.
func TestELODrawnThirdPlaceWaitsForTheChoice(t *testing.T) {
	tour, warnings := readDataELO(t, "egp2019", "20190706_EGP_Stockholm.ELO", rules.EGP)
	if !slices.ContainsFunc(warnings, func(w string) bool {
		return strings.HasPrefix(w, "the third place (round 12, table 1: #3 KASHIWABARA, Takuji v #4 AUBROECK, Patrick) is drawn")
	}) {
		t.Errorf("no warning about the drawn third place:\n%s", strings.Join(warnings, "\n"))
	}
	places := tour.OrderOfFinish(rules.TitleIndividual).Places
	for _, p := range places[2:4] {
		if !p.Undecided || p.Place != 3 || p.Last != 4 {
			t.Errorf("place %+v, want undecided 3-4", p)
		}
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, tour); err != nil {
		t.Fatal(err)
	}
	back, err := ReadJSON(&buf)
	if err != nil {
		t.Fatalf("the tournament file of the import: %v", err)
	}
	if g, _ := back.Game(12, 1); g.Result == nil || g.Result.BlackDiscs != 32 || g.Result.Outcome != outflank.OutcomeNormal {
		t.Errorf("round 12 table 1 read back: %+v", g)
	}
	if err := tour.SetChoice(12, 1, outflank.Choice{Player: 3, Chose: outflank.ChoseDrawWin}); err != nil {
		t.Fatal(err)
	}
	g, _ := tour.Game(12, 1)
	if _, err := tour.SetResult(12, 1, g.Result, outflank.ResultOptions{Replace: true}); err != nil {
		t.Fatal(err)
	}
	f := tour.OrderOfFinish(rules.TitleIndividual)
	if got := wofOrder(tour, rules.TitleIndividual)[:4]; !f.Complete || !slices.Equal(got, []int{150009, 5513, 839, 5155}) {
		t.Errorf("after the choice: complete %v, order %v", f.Complete, got)
	}
}

// TestELONationalPlayOffs: the BOF National's play-offs after %%Added
// results (BOF National 4-7). 2019: Leader beat Hand 42-22 in the 1st/2nd
// play-off and is British champion although Hand won the Swiss (9 to 7);
// 3rd and 4th were not tied, so no 3rd/4th play-off (National 5). 2018:
// Leader beat Arnold; Barrass and Kyte, tied on 6, drew their 3rd/4th
// play-off, which goes to the higher in the Swiss (National 7).
func TestELONationalPlayOffs(t *testing.T) {
	tour, warnings := readDataELO(t, "bof", "20190629_CH_GreatBritain.ELO", rules.BOFNational)
	if got := wofOrder(tour, rules.TitleIndividual)[:3]; !slices.Equal(got, []int{79, 2357, 320}) || !tour.OrderOfFinish(rules.TitleIndividual).Complete {
		t.Errorf("2019: order %v, want Leader, Hand, Plowman G., complete\n%v", got, warnings)
	}
	tour, warnings = readDataELO(t, "bof", "20180630_CH_Great_Britain.ELO", rules.BOFNational)
	if got := wofOrder(tour, rules.TitleIndividual)[:4]; !slices.Equal(got, []int{79, 2006, 2047, 2078}) || !tour.OrderOfFinish(rules.TitleIndividual).Complete {
		t.Errorf("2018: order %v, want Leader, Arnold, Barrass, Kyte, complete\n%v", got, warnings)
	}
	for _, r := range tour.Rounds[9:] {
		if r.Stage != outflank.StageFinal && r.Stage != outflank.StageThirdPlace {
			t.Errorf("round %d is %s, want the play-offs' stages", r.Number, r.Stage)
		}
	}
}

// TestELOExportScoreColumnIsTheSwiss: the .ELO export's player lines count
// the main stage only, never a final or play-off won (issue 26, 3): as
// the PAPP and FlipTheDisc files do (none of the archive's 421 files with
// %%Added results counts them). Prague 2019 wrote its finals under round
// 11, so its line gives Madrona 11 points; he won 9 in the Swiss and the
// final 2-1. Germany's export has the original's score and disc columns,
// and imported again the same order of finish.
func TestELOExportScoreColumnIsTheSwiss(t *testing.T) {
	tour, _ := readDataELO(t, "egp2019", "20190622_EGP_Prague.ELO", rules.EGP)
	var buf bytes.Buffer
	if err := WriteELO(&buf, tour); err != nil {
		t.Fatal(err)
	}
	f, _, err := wof.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]float64{4850: 9, 839: 10, 4501: 9, 4073: 8, 4617: 6}
	for _, p := range f.Players {
		if w, ok := want[p.ID]; ok && *p.Score != w {
			t.Errorf("player %d: score %v, want %v (the Swiss only)", p.ID, *p.Score, w)
		}
	}
	if len(f.Added) != 7 {
		t.Errorf("%d added games, want the final's 3, the third place's and the Czech play-off's 3", len(f.Added))
	}

	data, _ := os.ReadFile("testdata/egp2019/20190601_EGP_Germany.ELO")
	orig, _, err := wof.Read(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	tour, _ = readDataELO(t, "egp2019", "20190601_EGP_Germany.ELO", rules.EGP)
	buf.Reset()
	if err := WriteELO(&buf, tour); err != nil {
		t.Fatal(err)
	}
	exported := buf.Bytes()
	f, _, err = wof.Read(bytes.NewReader(exported))
	if err != nil {
		t.Fatal(err)
	}
	line := map[int]wof.Player{}
	for _, p := range f.Players {
		line[p.ID] = p
	}
	for _, p := range orig.Players {
		if e := line[p.ID]; *e.Score != *p.Score || *e.Discs != *p.Discs {
			t.Errorf("player %d: exported %v, %d; the file says %v, %d", p.ID, *e.Score, *e.Discs, *p.Score, *p.Discs)
		}
	}
	back, _, err := ReadELO(bytes.NewReader(exported), rules.EGP, "germany.ELO")
	if err != nil {
		t.Fatal(err)
	}
	if a, b := wofOrder(back, rules.TitleIndividual), wofOrder(tour, rules.TitleIndividual); !slices.Equal(a[:4], b[:4]) || a[0] != 79 {
		t.Errorf("imported again: %v, first %v", a, b)
	}
}

// TestELOAddedResultsAreTheWOCKnockout: the WOC 2019 and 2024 files from
// the archive, imported with the WOC rules: the playoff 4th v 5th of the
// provisional list (WOC II.3.2: Satani and Chang tied on 9.5), the
// semi-finals and final, best of three, and the third place (III.1-2).
// 2019: Takahashi beat Takanashi 1.5-1.5 on discs (30-34, 32-32, 47-17),
// Satani beat Song for third, and Chang, the playoff's loser, is fifth
// (II.3.3 b). 2024's file writes game 2 of the first semi-final with game
// 1's colours: the games count as the file recorded them, and Kurita, who
// won it, won the final. The women's matches cannot be told (no gender in
// an .ELO file): kept, and named.
func TestELOAddedResultsAreTheWOCKnockout(t *testing.T) {
	for _, c := range []struct {
		file string
		top  []int
	}{
		{"2019/20191009_WOC_2019.ELO", []int{13841, 5537, 5655, 4097, 420000}},
		{"2024/20241025_WOC_2024.ELO", []int{5577, 5537}},
	} {
		data, err := os.ReadFile(shareddata.File(t, "wof/results", c.file))
		if err != nil {
			t.Fatal(err)
		}
		tour, warnings, err := ReadELO(bytes.NewReader(data), rules.WOC, c.file)
		if err != nil {
			t.Fatal(err)
		}
		f := tour.OrderOfFinish(rules.TitleIndividual)
		if got := wofOrder(tour, rules.TitleIndividual)[:len(c.top)]; !f.Complete || !slices.Equal(got, c.top) {
			t.Errorf("%s: complete %v, order %v, want %v\n%s", c.file, f.Complete, got, c.top, strings.Join(warnings, "\n"))
		}
		if !slices.ContainsFunc(warnings, func(w string) bool { return strings.Contains(w, "which an .ELO file does not record), so it is kept") }) {
			t.Errorf("%s: the women's games are not named:\n%s", c.file, strings.Join(warnings, "\n"))
		}
		if n := tour.NeedlessGames(); len(n) != 0 {
			t.Errorf("%s: needless games %+v", c.file, n)
		}
	}
}

// TestELOAddedMatchPlayedOtherwise: EGP Athens 2015 (8 players) played
// semi-finals, a one-game third place and a best-of-three final, where the
// EGP rules of 2014 have a final 1st v 2nd and a third place 3rd v 4th
// (II.2). Its final, Kashiwabara v Tastet, is between the list's 3rd and
// 4th: two games where the rules' third place has one. The import does not
// take the file's final for the rules' third place, nor its third place,
// Marconi v Voracek, for game 1 of the rules' final: every added game is
// kept and named, and the final and third place are still to play.
func TestELOAddedMatchPlayedOtherwise(t *testing.T) {
	data, err := os.ReadFile(shareddata.File(t, "wof/results", "2015/20150704_EGP_Athens.ELO"))
	if err != nil {
		t.Fatal(err)
	}
	tour, warnings, err := ReadELO(bytes.NewReader(data), rules.EGP, "20150704_EGP_Athens.ELO")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, w := range warnings {
		if strings.Contains(w, "do not make the match the European Grand Prix rules have between them") {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d games named as a match played otherwise, want 3:\n%s", n, strings.Join(warnings, "\n"))
	}
	for _, m := range tour.Matches() {
		if len(m.Games) > 0 || m.State.Done {
			t.Errorf("%s: %d games, done %v; want still to play", m.Label, len(m.Games), m.State.Done)
		}
	}
	if f := tour.OrderOfFinish(rules.TitleIndividual); f.Complete || !f.Places[0].Undecided {
		t.Errorf("complete %v, first place %+v", f.Complete, f.Places[0])
	}
}
