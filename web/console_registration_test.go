package web_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"outflank"
	"outflank/rules"
)

// loadNamesakes stores a player database with namesakes: four MARCONI
// (as the real joueurs.txt has), one of them rated in another country.
func (s *accessSite) loadNamesakes() {
	s.t.Helper()
	rating := func(r int) *int { return &r }
	if _, err := s.db.LoadPlayerDB(s.t.Context(), "joueurs.txt", []outflank.WOFPlayer{
		{ID: 280036, Surname: "MARCONI", Firstname: "Paola", Country: "ARG"},
		{ID: 280016, Surname: "ACUNA", Firstname: "Ricardo", Country: "ARG", Rating: rating(1714)},
		{ID: 3066, Surname: "MARCONI", Firstname: "Flavio", Country: "ITA", Rating: rating(1050)},
		{ID: 36, Surname: "MARCONI", Firstname: "Francesco", Country: "ITA", Rating: rating(2076)},
		{ID: 2882, Surname: "MARCONI", Firstname: "Marco", Country: "ITA"},
	}); err != nil {
		s.t.Fatal(err)
	}
}

// TestConsoleSearchNamesakes: the search ranks the players found (the
// surname matched, then the rated by rating), and says when several match
// equally well: Enter must then register nobody (console.js reads
// "unrivalled"), and the page without JavaScript says so above its list.
// The full name, or a start that only one name has, stands out.
func TestConsoleSearchNamesakes(t *testing.T) {
	s := newAccessSite(t)
	s.loadNamesakes()
	td := s.as("td-club (session)")
	var doc struct {
		Players []struct {
			WOFID int  `json:"wof_id"`
			Equal bool `json:"equal"`
		} `json:"players"`
		Unrivalled bool `json:"unrivalled"`
		Equal      int  `json:"equal"`
	}
	td.getJSON("/t/club/admin/playerdb?q=marconi", &doc)
	var ids []int
	for _, p := range doc.Players {
		ids = append(ids, p.WOFID)
		if !p.Equal {
			t.Errorf("marconi: player %d not marked equal", p.WOFID)
		}
	}
	if doc.Unrivalled || doc.Equal != 4 || len(ids) != 4 || ids[0] != 36 || ids[1] != 3066 {
		t.Errorf("marconi: unrivalled %v, equal %d, %v; want 4 equal, 36 and 3066 first", doc.Unrivalled, doc.Equal, ids)
	}
	for _, q := range []string{"flavio+marconi", "MARCONI,+Flavio", "marconi+fl", "3066"} {
		doc.Players = nil
		td.getJSON("/t/club/admin/playerdb?q="+q, &doc)
		if !doc.Unrivalled || len(doc.Players) == 0 || doc.Players[0].WOFID != 3066 || doc.Players[0].Equal {
			t.Errorf("%s: %+v", q, doc)
		}
	}
	a := td.get("/t/club/admin/players?q=marconi")
	mustContain(t, "the namesakes without JavaScript", a, "4 players match “marconi” equally well: register the one you mean", `name="wof_id" value="280036"`)
	if strings.Contains(td.get("/t/club/admin/players?q=flavio+marconi").body, `id="namesakes"`) {
		t.Error("one player found is called a namesake")
	}
}

// TestConsoleImportOnePath: a CSV row with a WOF id and no rating gets the
// database's rating, as 'player import --players-db' gives it (the console
// once left it unrated, shown "0"); a row's WOF id the database lacks is
// refused with the row named, nothing imported. An unrated player shows
// "–" in the list and an empty rating on his page.
func TestConsoleImportOnePath(t *testing.T) {
	s := newAccessSite(t)
	s.loadNamesakes()
	td := s.as("td-club (session)")
	upload := func(name, content string) answer {
		ctype, body := multipartBody(t, td.csrf, name, content)
		req, _ := http.NewRequest("POST", s.srv.URL+"/t/club/admin/players/import", body)
		req.Header.Set("Content-Type", ctype)
		return td.do(req)
	}
	a := upload("bad.csv", "name,country,wof_id\nNobody,ARG,999\n")
	if a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "player 1: WOF id 999 is not in the player database (joueurs.txt)") {
		t.Errorf("an unknown WOF id: %d %s", a.status, text(a.body))
	}
	mustContain(t, "after the import", td.follow(upload("club.csv", "name,country,wof_id\n\"ACUNA, Ricardo\",ARG,280016\n\"Marconi, Paola\",,3066\nLocal Lou,GBR,\n")),
		"Imported 3 players from club.csv", "Check: club.csv, player 2: WOF id 3066 is MARCONI, Flavio (ITA) in joueurs.txt, registered here as Marconi, Paola: check the id")
	tour := s.tournament("club")
	for _, want := range []struct {
		id, rating int
		country    string
	}{{5, 1714, "ARG"}, {6, 1050, "ITA"}, {7, 0, "GBR"}} {
		if p, _ := tour.Player(want.id); p.Rating != want.rating || p.Country != want.country {
			t.Errorf("player %d: %+v; want rating %d, %s", want.id, p, want.rating, want.country)
		}
	}
	page := td.get("/t/club/admin/players")
	row := regexp.MustCompile(`(?s)<tr><td class="num" data-label="#">7</td>.*?</tr>`).FindString(page.body)
	if !strings.Contains(row, `data-label="Rating">–</td>`) || strings.Contains(row, `data-label="Rating">0</td>`) {
		t.Errorf("an unrated player's row: %s", row)
	}
	if form := td.get("/t/club/admin/players/7").body; !strings.Contains(form, `name="rating" type="number" value="" placeholder="unrated"`) {
		t.Errorf("an unrated player's form shows a rating")
	}
}

// TestConsoleByHandForm: the form by hand takes the name just searched
// (open when the database has nobody of that name; a number searched goes
// to its WOF id field), and a WOF id typed in it is checked against the
// database, which completes what was left out.
func TestConsoleByHandForm(t *testing.T) {
	s := newAccessSite(t)
	s.loadNamesakes()
	td := s.as("td-club (session)")
	a := td.get("/t/club/admin/players?q=Zyxw+Qvuts")
	mustContain(t, "a search finding nobody", a, `<details class="register" id="by-hand" open>`, `id="hand-name" value="Zyxw Qvuts"`, `name="wof_id" type="number" min="0" value=""`)
	if b := td.get("/t/club/admin/players?q=marconi").body; strings.Contains(b, `id="by-hand" open`) || !strings.Contains(b, `value="marconi"`) {
		t.Errorf("a search finding players opens the form by hand, or forgets the name")
	}
	a = td.post("/t/club/admin/players", url.Values{"name": {"Giulio Puzzo"}, "wof_id": {"40125"}})
	if a.status != http.StatusBadRequest || !strings.Contains(text(a.body), "WOF id 40125 is not in the player database") || !strings.Contains(a.body, `value="40125"`) {
		t.Errorf("a WOF id the database lacks: %d %s", a.status, text(a.body))
	}
	mustContain(t, "registered by hand with a WOF id", td.follow(td.post("/t/club/admin/players", url.Values{"name": {"MARCONI, Flavio"}, "wof_id": {"3066"}, "gender": {"m"}})), "Registered #5 MARCONI, Flavio.")
	if p, _ := s.tournament("club").Player(5); p.WOFID != 3066 || p.Rating != 1050 || p.Country != "ITA" || p.Gender != "m" {
		t.Errorf("registered %+v", p)
	}
}

// TestConsoleWOCDetails: at a WOC the players page lists the players
// without a gender or a birth date, each with a form that sets them alone;
// it points out an additional player who makes the field odd (WOC II.2);
// a player's page corrects group A until round 1 is paired (WOC II.7.1),
// then shows it fixed, and the additional player.
func TestConsoleWOCDetails(t *testing.T) {
	s := newAccessSite(t)
	woc, err := outflank.NewTournament("woc", "WOC 2026", "2026-11-05", rules.WOC, 13)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []outflank.Player{{Name: "Ann", Country: "FRA", Gender: "f", Born: "1990-01-01"}, {Name: "Bo", Country: "GBR", Rating: 1500, WOFID: 77},
		{Name: "Cy", Country: "JPN", Gender: "m"}, {Name: "Host, Extra", Country: "ITA", Gender: "m", Born: "1980-01-01", Additional: true}} {
		if _, err := woc.AddPlayer(p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.db.Create(t.Context(), woc, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	admin := s.as("admin (session)")
	a := admin.get("/t/woc/admin/players")
	mustContain(t, "the players page", a, "Gender or birth date missing 2", "#2 Bo", "#3 Cy", `aria-label="Born: Cy"`, "WOC II.5-6, III.3-4")
	if strings.Contains(a.body, `id="additional-odd"`) {
		t.Error("an even field is said to be odd")
	}
	mustContain(t, "setting Bo's details alone", admin.follow(admin.post("/t/woc/admin/players/2", url.Values{"gender": {"m"}, "born": {"1991-02-03"}})),
		`Saved: edited #2 Bo: gender "" → "m"; born "" → "1991-02-03".`)
	if p, _ := s.tournament("woc").Player(2); p.Name != "Bo" || p.Rating != 1500 || p.WOFID != 77 || p.Country != "GBR" || p.Gender != "m" {
		t.Errorf("Bo after the short form: %+v", p)
	}
	mustContain(t, "setting Cy's birth date", admin.follow(admin.post("/t/woc/admin/players/3", url.Values{"gender": {"m"}, "born": {"2015-06-07"}})), `born "" → "2015-06-07"`)
	if strings.Contains(admin.get("/t/woc/admin/players").body, "Gender or birth date missing") {
		t.Error("the list stays once every detail is known")
	}
	// A fifth player makes the additional player's field odd.
	admin.follow(admin.post("/t/woc/admin/players", url.Values{"name": {"Dee"}, "country": {"USA"}, "gender": {"f"}, "born": {"1990-01-01"}}))
	mustContain(t, "the odd field", admin.get("/t/woc/admin/players"), "#4 Host, Extra is the additional player, and with them the field is odd (5 players)")
	// Group A and the additional player on the player's page.
	mustContain(t, "the player's page", admin.get("/t/woc/admin/players/1"), `name="checks" value="seeded"`, `name="seeded"`, `name="additional"`)
	full := url.Values{"name": {"Ann"}, "country": {"FRA"}, "rating": {""}, "gender": {"f"}, "born": {"1990-01-01"}, "team": {""}, "wof_id": {""},
		"checks": {"seeded", "additional"}, "seeded": {"1"}}
	mustContain(t, "Ann seeded", admin.follow(admin.post("/t/woc/admin/players/1", full)), "group A (seeded, WOC II.7.1) no → yes")
	unmark := url.Values{"name": {"Host, Extra"}, "checks": {"seeded", "additional"}}
	mustContain(t, "the additional player unmarked", admin.follow(admin.post("/t/woc/admin/players/4", unmark)), "additional player (WOC II.2) yes → no")
	if p, _ := s.tournament("woc").Player(4); p.Additional || p.Seeded {
		t.Errorf("Host after the correction: %+v", p)
	}
	ctx := outflank.WithActor(context.Background(), "test")
	if _, err := s.db.Update(ctx, "woc", outflank.KindRound, func(t *outflank.Tournament) (string, error) {
		_, err := t.PairNext(outflank.PairOptions{Seed: 1})
		return "paired", err
	}); err != nil {
		t.Fatal(err)
	}
	a = admin.get("/t/woc/admin/players/1")
	mustContain(t, "the player's page after round 1", a, "Group A of the first round's draw (WOC II.7.1): yes; round 1 is paired")
	if strings.Contains(a.body, `name="seeded"`) {
		t.Error("group A can still be changed after round 1")
	}
	// The whole form sent again changes nothing it does not show.
	full.Set("team", "FRA")
	full["checks"] = []string{"additional"}
	full.Del("seeded")
	mustContain(t, "Ann's team after round 1", admin.follow(admin.post("/t/woc/admin/players/1", full)), `team "" → "FRA"`)
	if p, _ := s.tournament("woc").Player(1); !p.Seeded {
		t.Errorf("Ann's group A changed with the form after round 1: %+v", p)
	}
}
