package outflank

import (
	"fmt"
	"slices"
	"strings"

	"outflank/member"
	"outflank/wof"
)

// RatedEvents are the rated tournaments of the WOF's result archive, by
// player: BOF Membership & finance 1 keeps a member "while having an active
// rating (having played in a tournament in the previous two years)", and
// a rating is kept active by every rated tournament, not only the
// federation's own events that Outflank's database holds.
type RatedEvents struct {
	events []member.Event
	// byID lists, for each WOF id, the indexes in events of the files
	// in which he played a game.
	byID map[int][]int32
}

// RatedEventsOf indexes the archive's files: each file is a rated
// tournament of every player with a game in it.
func RatedEventsOf(files []wof.ArchiveFile) *RatedEvents {
	r := &RatedEvents{byID: map[int][]int32{}}
	for _, f := range files {
		if f.File == nil || f.Date.IsZero() {
			continue
		}
		k := int32(len(r.events))
		name := f.File.Tournament
		if name == "" {
			name = f.Path
		}
		// Cloned: the names must not keep the files' text alive.
		r.events = append(r.events, member.Event{Slug: strings.Clone(f.Path), Name: name + " (WOF archive)", Rated: true, Kind: member.Other,
			Date: fmt.Sprintf("%04d-%02d-%02d", f.Date.Year, f.Date.Month, f.Date.Day)})
		for _, g := range f.File.Games() {
			for _, id := range []int{g.First, g.Second} {
				if ids := r.byID[id]; id > 0 && (len(ids) == 0 || ids[len(ids)-1] != k) {
					r.byID[id] = append(ids, k)
				}
			}
		}
	}
	return r
}

// Of returns the archive's tournaments of the player with WOF id wofID
// (none for 0), in date order.
func (r *RatedEvents) Of(wofID int) []member.Event {
	if r == nil || wofID == 0 {
		return nil
	}
	var out []member.Event
	for _, k := range r.byID[wofID] {
		out = append(out, r.events[k])
	}
	slices.SortStableFunc(out, func(a, b member.Event) int {
		if a.Date < b.Date {
			return -1
		}
		if a.Date > b.Date {
			return 1
		}
		return 0
	})
	return out
}

// Files is the number of tournaments indexed.
func (r *RatedEvents) Files() int {
	if r == nil {
		return 0
	}
	return len(r.events)
}

// withArchive adds to played, the person's tournaments of the database,
// the archive's tournaments of his WOF id on a day none of them was
// played (the same tournament sent to the WOF counts once).
func withArchive(played []member.Event, archive *RatedEvents, wofID int) []member.Event {
	days := map[string]bool{}
	for _, e := range played {
		days[e.Date] = true
	}
	for _, e := range archive.Of(wofID) {
		if !days[e.Date] {
			played = append(played, e)
			days[e.Date] = true
		}
	}
	return played
}
