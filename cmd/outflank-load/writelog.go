package main

import (
	"encoding/csv"
	"os"
	"strconv"
	"time"
)

// saveWrites writes every write of a run to path, as CSV: what was written
// where, when it was sent and answered, the answer and the change it made
// (kept with -keep, for a look at what went wrong).
func saveWrites(path string, records []*writeRecord) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write([]string{"tournament", "kind", "round", "table", "score", "instance", "sent", "answered", "status", "change", "message"})
	stamp := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format(time.RFC3339Nano)
	}
	for _, r := range records {
		w.Write([]string{r.slug, r.kind.String(), strconv.Itoa(r.round), strconv.Itoa(r.table), r.score, strconv.Itoa(r.instance + 1),
			stamp(r.sent), stamp(r.answered), strconv.Itoa(r.status), strconv.FormatInt(r.event, 10), r.message})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
