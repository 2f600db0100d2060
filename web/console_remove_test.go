package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"outflank"
)

// TestConsoleRemoveRestore (issue 26, point 6): a tournament's director
// removes it from its settings page once its address is typed again (a
// mistyped one is a 400 that removes nothing, as is a tournament a circuit
// counts); the console's home then lists it under “Removed tournaments”
// for those who direct it, and “Restore” brings it back with its whole
// log; no one else may restore it. A circuit is deleted and restored the
// same way by an administrator, and its changes are undone.
func TestConsoleRemoveRestore(t *testing.T) {
	s := newAccessSite(t)
	td := s.as("td-other (session)")
	settings := td.get("/t/other/admin/settings")
	mustContain(t, "settings", settings, "Remove this tournament", `name="confirm_slug"`)
	audit, err := s.db.Audit(t.Context(), "other")
	if err != nil {
		t.Fatal(err)
	}
	head, err := audit.Verify()
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/t/other", "/t/other/standings", "/api/t/other"} {
		if status, _ := s.do("", "GET", path, ""); status != http.StatusOK {
			t.Errorf("%s before the removal: %d", path, status)
		}
	}
	a := td.post("/t/other/admin/remove", url.Values{"confirm_slug": {"othre"}})
	if a.status != http.StatusBadRequest {
		t.Errorf("a mistyped address: %d", a.status)
	}
	mustContain(t, "mistyped", a, "was not removed", "type other to confirm")
	if a := s.as("admin (session)").post("/t/club/admin/remove", url.Values{"confirm_slug": {"club"}}); a.status != http.StatusConflict {
		t.Errorf("a tournament of a circuit: %d", a.status)
	} else if strings.Contains(a.body, "outflank circuit") {
		t.Errorf("the console names a command:\n%s", a.body)
	}
	if _, err := s.db.Tournament(t.Context(), "other"); err != nil {
		t.Fatalf("a refused removal removed: %v", err)
	}
	home := td.follow(td.post("/t/other/admin/remove", url.Values{"confirm_slug": {"other"}}))
	mustContain(t, "after the removal", home, "Removed Tournament other (other)", "Removed tournaments", `action="/t/other/admin/restore"`)
	if _, err := s.db.Tournament(t.Context(), "other"); outflank.ErrorCode(err) != outflank.ENOTFOUND {
		t.Fatalf("the removed tournament: %v", err)
	}
	// Its public pages, read before, are gone with it.
	for _, path := range []string{"/t/other", "/t/other/standings", "/api/t/other"} {
		if status, _ := s.do("", "GET", path, ""); status != http.StatusNotFound {
			t.Errorf("%s after the removal: %d", path, status)
		}
	}
	if strings.Contains(s.as("td-club (session)").get("/admin").body, `/t/other/admin/restore`) {
		t.Error("another tournament's director is offered the restore")
	}
	if a := s.as("td-club (session)").post("/t/other/admin/restore", url.Values{}); a.status != http.StatusForbidden {
		t.Errorf("restored by another's director: %d", a.status)
	}
	mustContain(t, "after the restore", td.follow(td.post("/t/other/admin/restore", url.Values{})), "Restored Tournament other with its whole log")
	audit, err = s.db.Audit(t.Context(), "other")
	if err != nil {
		t.Fatal(err)
	}
	if got, err := audit.Verify(); err != nil || got != head {
		t.Errorf("the restored log verifies to %s, %v; want %s", got, err, head)
	}

	// A circuit: unlink, undo, delete and restore.
	admin := s.as("admin (session)")
	if err := s.db.UpdateCircuit(t.Context(), "club", outflank.CircuitLinkAction, func(c *outflank.Circuit) (string, error) {
		return "linked Ben to Ann", c.Link("name:Ann|", "name:Ben|")
	}); err != nil {
		t.Fatal(err)
	}
	page := admin.get("/admin/circuits/club")
	mustContain(t, "circuit page", page, "Players linked", "Ben is Ann", "The last change not undone", "linked Ben to Ann", "Delete this circuit")
	mustContain(t, "after unlinking", admin.follow(admin.post("/admin/circuits/club/unlink", url.Values{"b": {"name:Ben|"}})), "Unlinked Ben: two players again")
	if c, _ := s.db.Circuit(t.Context(), "club"); len(c.Links) != 0 {
		t.Errorf("links after unlinking: %+v", c.Links)
	}
	mustContain(t, "after the undo", admin.follow(admin.post("/admin/circuits/club/undo", url.Values{})), "Undone: #")
	if c, _ := s.db.Circuit(t.Context(), "club"); len(c.Links) != 1 {
		t.Errorf("links after undoing the unlink: %+v", c.Links)
	}
	if a := admin.post("/admin/circuits/club/delete", url.Values{"confirm_slug": {""}}); a.status != http.StatusBadRequest {
		t.Errorf("a deletion not confirmed: %d", a.status)
	}
	mustContain(t, "after the deletion", admin.follow(admin.post("/admin/circuits/club/delete", url.Values{"confirm_slug": {"club"}})), "Deleted circuits", `action="/admin/circuits/club/restore"`)
	mustContain(t, "after restoring the circuit", admin.follow(admin.post("/admin/circuits/club/restore", url.Values{})), "Restored circuit Club circuit with its log")
	if c, err := s.db.Circuit(t.Context(), "club"); err != nil || len(c.Links) != 1 || len(c.Tournaments) != 1 {
		t.Errorf("restored circuit: %+v, %v", c, err)
	}
}
