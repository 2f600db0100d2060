package web_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"outflank"
	"outflank/exchange"
	"outflank/rules"
)

// xssPayloads are the markup a visitor or a file may try to have a page
// run: a script, an element with a handler, breaking out of an attribute
// with either quote.
var xssPayloads = []string{
	`<script>alert("xss")</script>`,
	`"><img src=x onerror=alert(1)>`,
	`'><svg onload=alert(2)>`,
}

// unescaped finds a payload's markup left as markup in a page, or a
// javascript: address in a link.
var unescaped = regexp.MustCompile(`(?i)<script>alert|<img src=x|<svg onload|(?:href|src|action)=["']?\s*javascript:`)

// TestXSSPayloadsAreEscaped stores script payloads through every input that
// takes text (the API's player fields, the console's registration,
// correction, new tournament and its settings, a players CSV imported, a
// tournament file and a WOF .ELO file imported), then reads every page the router has (found
// in the source, public and console, as a visitor and as an
// administrator), each with the payloads also in its query (reflected),
// and checks that no payload is left unescaped (issue 25, point 6).
func TestXSSPayloadsAreEscaped(t *testing.T) {
	s := newAccessSite(t)
	ctx := context.Background()
	p0, p1, p2 := xssPayloads[0], xssPayloads[1], xssPayloads[2]
	pages := map[string]string{} // what each input answered, checked too
	check := func(what, body string) {
		t.Helper()
		if m := unescaped.FindStringIndex(body); m != nil {
			t.Errorf("%s: a payload is unescaped: ...%s...", what, body[max(0, m[0]-80):min(len(body), m[1]+80)])
		}
	}
	// The API.
	status, out := s.do("admin (token)", "POST", "/api/t/club/players", mustJSON(t, map[string]any{"name": p0, "team": p1, "country": "GBR"}))
	if status != http.StatusCreated {
		t.Fatalf("the API's registration of %q: %d %s", p0, status, out)
	}
	var added struct{ Player int }
	json.Unmarshal([]byte(out), &added)
	s.do("admin (token)", "POST", "/api/t/club/players", mustJSON(t, map[string]any{"name": "Gil", "country": p2}))
	// The console's forms (with the session's token in the form).
	form := func(path string, v url.Values) {
		t.Helper()
		v.Set("csrf", s.creds["admin (session)"].csrf)
		status, body := s.do("admin (session)", "POST", path, v.Encode())
		pages["POST "+path] = body
		if status >= 500 {
			t.Errorf("POST %s: %d", path, status)
		}
	}
	form("/t/club/admin/players/1", url.Values{"name": {p1}, "country": {""}})
	form("/t/club/admin/players", url.Values{"name": {p2}, "team": {p0}})
	form("/t/club/admin/players", url.Values{"name": {"Hal"}, "country": {p0}, "rating": {p1}, "born": {p2}})
	form("/admin/tournaments", url.Values{"slug": {"xss"}, "name": {p0}, "rules": {"woc"}})
	form("/admin/tournaments", url.Values{"slug": {p1}, "name": {"Bad slug"}, "rules": {"woc"}})
	form("/t/xss/admin/settings", url.Values{"name": {p2}, "rules": {"bof-regional"}, "rounds": {"6"}})
	form("/t/club/admin/judges", url.Values{"label": {p2}})
	// A players CSV.
	var csvText bytes.Buffer
	cw := csv.NewWriter(&csvText)
	cw.WriteAll([][]string{{"name", "country", "team"}, {"Csv " + p0, "GBR", p2}, {p1 + " Csv", "FRA", ""}})
	var mp bytes.Buffer
	mw := multipart.NewWriter(&mp)
	mw.WriteField("csrf", s.creds["admin (session)"].csrf)
	fw, _ := mw.CreateFormFile("file", p1+".csv")
	fw.Write(csvText.Bytes())
	mw.Close()
	req, _ := http.NewRequest("POST", s.srv.URL+"/t/club/admin/players/import", &mp)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.AddCookie(&http.Cookie{Name: "outflank_session", Value: s.creds["admin (session)"].cookie})
	res, err := s.srv.Client().Transport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	pages["the CSV import"] = string(b)
	if res.StatusCode != http.StatusSeeOther {
		t.Errorf("the CSV import: %d %.300s", res.StatusCode, b)
	}
	// A tournament file, as `outflank import` reads it.
	tour, err := outflank.NewTournament("xssjson", p1, "2026-11-23", rules.BOFRegional, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{p0, p1, p2, "Ivy"} {
		// WOF ids, which the .ELO file needs (exchange.NoWOFID).
		if _, err := tour.AddPlayer(outflank.Player{Name: name, Team: p2, WOFID: 100001 + i}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tour.AddRound(outflank.StageSwiss, []outflank.Pair{{Black: 1, White: 2}, {Black: 3, White: 4}}, nil); err != nil {
		t.Fatal(err)
	}
	var file bytes.Buffer
	exchange.WriteJSON(&file, tour)
	read, err := exchange.ReadJSON(&file)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Create(ctx, read, outflank.KindImport, p0); err != nil {
		t.Fatal(err)
	}
	// A WOF .ELO file, as `outflank import` reads it: its names and its
	// tournament's name as the file gives them.
	tour.Slug = "xsselo"
	var elo bytes.Buffer
	if err := exchange.WriteELO(&elo, tour); err != nil {
		t.Fatal(err)
	}
	fromELO, _, err := exchange.ReadELO(&elo, rules.BOFRegional, "xsselo.ELO")
	if err != nil {
		t.Fatalf("reading back the .ELO file: %v\n%s", err, elo.String())
	}
	if !strings.Contains(fromELO.Players[0].Name+fromELO.Name, "<") {
		t.Fatalf("the .ELO file lost the payloads: %q, %+v", fromELO.Name, fromELO.Players)
	}
	fromELO.Slug = "xsselo"
	if _, err := s.db.Create(ctx, fromELO, outflank.KindImport, "test"); err != nil {
		t.Fatal(err)
	}
	for what, body := range pages {
		check(what, body)
	}
	// Every page: the GET patterns the source registers.
	patterns := getPatterns(t)
	query := "?" + url.Values{"q": {p0}, "next": {p1}, "round": {p2}, "name": {p0}, "format": {p1}, p2: {"1"}}.Encode()
	read_ := 0
	for _, pattern := range patterns {
		if strings.HasSuffix(pattern, "/events") || strings.HasPrefix(pattern, "/static/") || strings.Contains(pattern, "{secret}") {
			continue // a stream; the files as they are; a judge link
		}
		for _, slug := range []string{"club", "xssjson", "xsselo", "xss"} {
			for _, id := range []string{"1", strconv.Itoa(added.Player)} {
				path := strings.NewReplacer("{slug}", slug, "{round}", "1", "{table}", "1", "{id}", id, "{match}", "final", "{game}", "1",
					"{name}", "admin", "{format}", "json", "{$}", "").Replace(pattern)
				for _, who := range []string{"", "admin (session)"} {
					for _, q := range []string{"", query} {
						status, body := s.do(who, "GET", path+q, "")
						read_++
						if status >= 500 {
							t.Errorf("GET %s%s as %q: %d", path, q, who, status)
						}
						check("GET "+path+q+" as "+who, body)
					}
				}
			}
		}
	}
	if len(patterns) < 40 || read_ < 500 {
		t.Fatalf("only %d patterns and %d pages read: the source's routes were not found", len(patterns), read_)
	}
	// The payloads were stored, and are shown (escaped): the pages read
	// above are the ones that show them.
	escape := strings.NewReplacer("<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace
	for _, c := range []struct {
		slug     string
		payloads []string
	}{
		{"club", xssPayloads}, {"xssjson", xssPayloads},
		{"xsselo", []string{p1}}, // the .ELO format keeps what its name fields can hold
	} {
		status, players := s.do("", "GET", "/t/"+c.slug+"/players", "")
		for _, p := range c.payloads {
			if status != http.StatusOK || !strings.Contains(players, escape(p)) {
				t.Errorf("the players page of %s (%d) does not show %q escaped (%q)", c.slug, status, p, escape(p))
			}
		}
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// getPatterns lists the paths of every GET route the package's source
// registers, on the mux directly or through the router.
func getPatterns(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`"GET (/[^"]*)"`)
	seen := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			seen[m[1]] = true
		}
	}
	var list []string
	for p := range seen {
		list = append(list, p)
	}
	sort.Strings(list)
	return list
}
