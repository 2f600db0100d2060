package web

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"outflank"
)

// TestStatusOfEveryCode: each domain error code has its HTTP status, and a
// database out of reach (EUNAVAILABLE) is a 503 with Retry-After, so a
// client behind a load balancer tries again instead of giving up.
func TestStatusOfEveryCode(t *testing.T) {
	for code, want := range map[string]int{
		outflank.EINVALID:      http.StatusBadRequest,
		outflank.ENOTFOUND:     http.StatusNotFound,
		outflank.ECONFLICT:     http.StatusConflict,
		outflank.EUNAUTHORIZED: http.StatusUnauthorized,
		outflank.EFORBIDDEN:    http.StatusForbidden,
		outflank.ELIMIT:        http.StatusTooManyRequests,
		outflank.EUNAVAILABLE:  http.StatusServiceUnavailable,
		outflank.EINTERNAL:     http.StatusInternalServerError,
	} {
		if got := statusOf(outflank.Errorf(code, "x")); got != want {
			t.Errorf("%s: %d, want %d", code, got, want)
		}
	}
	s := &Server{}
	w := httptest.NewRecorder()
	s.errorPage(w, httptest.NewRequest("POST", "/api/t/x/results", nil), http.StatusServiceUnavailable, "the database cannot be reached: try again in a few seconds")
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "5" {
		t.Errorf("503: status %d, Retry-After %q", w.Code, w.Header().Get("Retry-After"))
	}
}
