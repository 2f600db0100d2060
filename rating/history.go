package rating

import (
	"fmt"
	"runtime"
	"sync"
)

// Lists computes the lists calculated on each of the dates, each over the
// tournaments up to its date, on all processors at once. Each list is
// computed afresh, as the WOF computes it: starting from a previous list
// does not help, because a newcomer placed far from his opponents makes
// Newton's first steps small.
func Lists(ts []Tournament, dates []Date) ([]*List, error) {
	for k := 1; k < len(dates); k++ {
		if !dates[k-1].Before(dates[k]) {
			return nil, fmt.Errorf("rating: list dates must rise: %v is not after %v", dates[k], dates[k-1])
		}
	}
	lists := make([]*List, len(dates))
	errs := make([]error, len(dates))
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range work {
				lists[k], errs[k] = Compute(ts, Options{AsOf: dates[k]})
			}
		}()
	}
	// The latest (largest) lists first, so that no processor is left with
	// a big one at the end.
	for k := len(dates) - 1; k >= 0; k-- {
		work <- k
	}
	close(work)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return lists, nil
}

// Point is one player's place on one list of a history.
type Point struct {
	Date Date
	Player
}

// History returns the player's entries on the lists, in date order, for
// the lists that rate him.
func History(lists []*List, id int) []Point {
	var out []Point
	for _, l := range lists {
		if p, ok := l.Player(id); ok {
			out = append(out, Point{Date: l.AsOf, Player: p})
		}
	}
	return out
}

// ListDates returns the calculation dates of a history from the month of
// first to that of last: the first day of every month whose number is
// 1 + k·every (every 1: monthly; 3: January, April, July, October; 6:
// January and July), and last itself when it is not one of them.
func ListDates(first, last Date, every int) []Date {
	if every < 1 {
		every = 1
	}
	var out []Date
	for d := (Date{first.Year, first.Month, 1}); !last.Before(d); d = d.AddMonths(1) {
		if (d.Month-1)%every == 0 {
			out = append(out, d)
		}
	}
	if len(out) == 0 || out[len(out)-1] != last {
		out = append(out, last)
	}
	return out
}
