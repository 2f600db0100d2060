package web

import (
	"context"
	"log/slog"
	"time"

	"outflank"
)

// The server's terminal says, in one line each, what changed in its
// tournaments, whoever changed them (this server's directors and judges,
// another server, the command line): the log entry's number, its kind,
// its summary and who made it. That, the addresses and the errors are
// what a director watches; the requests go to the access log, if any.

// eventTail is a store that reads the latest entries of a tournament's log
// (sqlite.DB, postgres.DB).
type eventTail interface {
	LastEvents(ctx context.Context, slug string, n int) ([]outflank.Event, error)
}

// maxChangeLines bounds the lines one publication prints for a
// tournament (an import, a burst of results): the rest are counted.
const maxChangeLines = 20

// changeLog remembers the last log entry told of each tournament.
type changeLog struct {
	since time.Time        // the server's start: older entries were never news
	told  map[string]int64 // the last entry told, by tournament
}

func newChangeLog() *changeLog {
	return &changeLog{since: time.Now(), told: map[string]int64{}}
}

// logChanges prints a line for each log entry of the tournaments in
// changed not told yet.
func (s *Server) logChanges(ctx context.Context, cl *changeLog, changed map[string]int64) {
	if !s.log.Enabled(ctx, slog.LevelInfo) {
		return
	}
	tail, ok := s.store.(eventTail)
	for slug, v := range changed {
		if !ok {
			s.log.Info("change", "tournament", slug, "version", v)
			continue
		}
		events, err := tail.LastEvents(ctx, slug, maxChangeLines+1)
		if err != nil {
			s.log.Warn("reading the log of a change", "tournament", slug, "err", err)
			continue
		}
		var news []outflank.Event
		for _, ev := range events {
			if last, known := cl.told[slug]; (known && ev.ID > last) || (!known && !ev.At.Before(cl.since)) {
				news = append(news, ev)
			}
		}
		if len(news) > maxChangeLines {
			s.log.Info("changes not shown", "tournament", slug, "count", len(news)-maxChangeLines, "see", "the log of "+slug)
			news = news[len(news)-maxChangeLines:]
		}
		for _, ev := range news {
			attrs := []any{"tournament", slug, "entry", ev.ID, "kind", ev.Kind, "summary", ev.Summary}
			if ev.Actor != "" {
				attrs = append(attrs, "by", ev.Actor)
			}
			s.log.Info("change", attrs...)
		}
		if len(events) > 0 {
			cl.told[slug] = events[len(events)-1].ID
		}
	}
}
