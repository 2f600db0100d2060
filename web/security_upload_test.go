package web_test

import (
	"bytes"
	"io"
	"mime/multipart"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestUploadOverOneMiB: a players CSV over the 1 MiB that bounds other
// forms is imported by the console, up to the players CSV's limit (16 MB,
// docs/formats.md); a larger one, and a form over 1 MiB, are refused with
// 413 and a message that names their size and the limit, not "this form
// has expired" (issue 25, point 5c), and change nothing.
func TestUploadOverOneMiB(t *testing.T) {
	s := newAccessSite(t)
	c := s.creds["td-club (session)"]
	send := func(path, ctype string, body io.Reader) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("POST", s.srv.URL+path, body)
		req.Header.Set("Content-Type", ctype)
		req.AddCookie(&http.Cookie{Name: "outflank_session", Value: c.cookie})
		res, err := s.srv.Client().Transport.RoundTrip(req)
		if err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	upload := func(csv string) (int, string) {
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("csrf", c.csrf) // the form's own field, as a browser sends it
		mw.WriteField("encoding", "auto")
		fw, _ := mw.CreateFormFile("file", "players.csv")
		fw.Write([]byte(csv))
		mw.Close()
		return send("/t/club/admin/players/import", mw.FormDataContentType(), &buf)
	}
	// 1.5 MB: two players, and the blank lines a spreadsheet may leave.
	big := "name,country\nEve Big,GBR\nFay Big,FRA\n" + strings.Repeat("\r\n", 750_000)
	status, body := upload(big)
	if status != http.StatusSeeOther {
		t.Fatalf("a players CSV of 1.5 MB: %d, want 303 (imported):\n%.400s", status, body)
	}
	names := map[string]bool{}
	for _, p := range s.tournament("club").Players {
		names[p.Name] = true
	}
	if !names["Eve Big"] || !names["Fay Big"] {
		t.Fatalf("the players of the 1.5 MB file are not registered: %v", names)
	}
	before := s.snapshot()
	// 17 MB: over the players CSV's limit.
	status, body = upload("name,country\nGus Huge,GBR\n" + strings.Repeat("\r\n", 17<<19))
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "is 17 MB: the limit is 16 MB") || strings.Contains(body, "expired") {
		t.Errorf("a players CSV of 17 MB: %d, want 413 naming 17 MB and the limit of 16 MB:\n%.600s", status, body)
	}
	// Another form over 1 MiB.
	form := url.Values{"csrf": {c.csrf}, "name": {strings.Repeat("x", 1_300_000)}}.Encode()
	status, body = send("/t/club/admin/players", "application/x-www-form-urlencoded", strings.NewReader(form))
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(body, "form sent is 1.2 MB: the limit is 1 MB") || strings.Contains(body, "expired") {
		t.Errorf("a form of 1.2 MB: %d, want 413 naming its size and the limit of 1 MB:\n%.600s", status, body)
	}
	if s.snapshot() != before {
		t.Error("a refused upload changed the database")
	}
}
