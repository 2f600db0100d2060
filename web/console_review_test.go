package web_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"outflank"
	"outflank/director"
)

// TestConsoleJudgesWaiting: the console's bar links to the judges'
// results, with the number waiting for a director; the banner says what
// waits (a result to confirm, one that disagrees with the result
// entered) with a button to the review, which is a console page: the
// console's bar, not the public site's navigation. A decision comes back
// to it with what was done.
func TestConsoleJudgesWaiting(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-club (session)")
	home := td.get("/t/club/admin")
	mustContain(t, "the console, nothing waiting", home, `<a href="/t/club/judge/review" id="console-review">`, "Judges Judges' results Settings",
		`<p class="summary">Round 1 of 5 in play`) // the summary as a sentence
	if strings.Contains(home.body, `class="judges"`) || strings.Contains(home.body, "Review the judges' results") {
		t.Errorf("the banner tells of judges' results when none waits:\n%s", text(home.body))
	}

	// A result to confirm (table 2), and one that disagrees with the
	// director's (table 1, by a judge of every table).
	if status, _, body := s.form("td-club (session)", "/t/club/judge/settings", url.Values{"confirm": {"on"}}); status != http.StatusSeeOther {
		t.Fatalf("the setting: %d %s", status, body)
	}
	body, _ := json.Marshal(map[string]any{"seq": 60, "moves": readmeGame})
	if status, st := s.judgeDo("judge club r1 t2", "POST", "/api/t/club/judge/1/2/result", string(body)); status != http.StatusOK || st.State != "pending" {
		t.Fatalf("submitted: %d %+v", status, st)
	}
	home = td.get("/t/club/admin")
	mustContain(t, "the console, one waiting", home, `<span class="badge">1</span>`,
		"Table judges' results wait for you: 1 waits for your confirmation.", `class="button primary" href="/t/club/judge/review" autofocus>`, "Review the judges' results Enter results")
	if strings.Contains(home.body, "disagree") {
		t.Errorf("the banner tells of a disagreement:\n%s", text(home.body))
	}
	if status, out := s.do("td-club (token)", "POST", "/api/t/club/rounds/1/results/1", `{"score": "40-24"}`); status != http.StatusCreated {
		t.Fatal(status, out)
	}
	if status, _, body := s.form("td-club (session)", "/t/club/judge/settings", url.Values{"confirm": {"off"}}); status != http.StatusSeeOther {
		t.Fatalf("the setting: %d %s", status, body)
	}
	judge := outflank.WithActor(context.Background(), "judge #9 Eve (every table)")
	if j, err := director.SubmitJudged(judge, s.db, s.db, "club", 1, 1, 60, outflank.Submission{Outcome: outflank.OutcomeNormal, Moves: readmeGame}); err != nil || j.Live.State != outflank.LiveFlagged {
		t.Fatalf("the disagreeing result: %v", err)
	}
	home = td.get("/t/club/admin")
	mustContain(t, "the console, two waiting", home, `<span class="badge">2</span>`,
		"Table judges' results wait for you: 1 waits for your confirmation, and 1 disagrees with the result entered.")
	// Every console page's bar has the count.
	mustContain(t, "the results page", td.get("/t/club/admin/results"), `<span class="badge">2</span>`)

	review := td.get("/t/club/judge/review")
	mustContain(t, "the review", review, `class="console-bar"`, `id="console-review" aria-current="page"`, "console.css", "Waiting for a director")
	if strings.Contains(review.body, `<nav class="event"`) {
		t.Error("the review has the public site's navigation")
	}
	// A decision: back to the review, saying what was done; one waits now.
	a := td.post("/t/club/judge/1/2/confirm", url.Values{})
	if a.status != http.StatusSeeOther || a.location != "/t/club/judge/review" {
		t.Fatalf("confirm: %d to %q", a.status, a.location)
	}
	after := td.follow(a)
	mustContain(t, "after the confirmation", after, "Entered: ", `<span class="badge">1</span>`)
	// Refused: the review again, with the reason as a sentence.
	again := td.post("/t/club/judge/1/2/confirm", url.Values{})
	if again.status != http.StatusConflict {
		t.Errorf("confirmed twice: %d", again.status)
	}
	mustContain(t, "confirmed twice", again, `class="console-bar"`, "Round 1 table 2 has no submission waiting")
}
