package web

import (
	"bytes"
	"fmt"
	"net/http"
	"slices"

	"outflank"
	"outflank/director"
	"outflank/exchange"
)

// handleExport sends the tournament as a file to download, in the formats
// of 'outflank export': the tournament file, the WOF's .ELO file, the
// results as CSV. The tournament file holds birth dates and genders: it is
// a director's, never cached.
func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	t, ok := s.loadTournament(w, r)
	if !ok {
		return
	}
	format := r.PathValue("format")
	export, ok := exchange.Exports[format]
	if !ok {
		s.consoleFailed(w, r, outflank.Errorf(outflank.ENOTFOUND, "no export format %q: json (the tournament file), elo (the WOF's rating file) or csv (the results)", format),
			func(status int, message string) {
				s.errorPage(w, r, status, message, link{"/t/" + t.Slug + "/admin", "The console"})
			})
		return
	}
	if format == "elo" {
		// A new player stays "+ID" until the WOF's player database lists
		// him (a copy: the cached tournament is left as it is).
		c := *t
		c.Players = slices.Clone(t.Players)
		if _, err := director.UnmarkListed(r.Context(), s.store, &c); err != nil {
			s.fail(w, r, err)
			return
		}
		t = &c
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, t); err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) {
			s.errorPage(w, r, status, message, link{"/t/" + t.Slug + "/admin", "The console"})
		})
		return
	}
	w.Header().Set("Content-Type", export.ContentType)
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s%s"`, t.Slug, export.Suffix))
	w.Header().Set("Cache-Control", "no-store")
	w.Write(buf.Bytes())
}
