package main

import (
	"context"
	"time"
)

// dueAt is when the i-th write (from 0) of an open loop at rate a second
// is due: evenly spaced, whatever time the writes before it took, so that
// a slow server does not slow the offered load (the coordinated-omission
// trap of a closed loop).
func dueAt(start time.Time, rate float64, i int) time.Time {
	return start.Add(time.Duration(float64(i) * float64(time.Second) / rate))
}

// pace calls tick(i) for each write due before start+d, each at its time
// (or at once when behind), until ctx ends; it returns how many it called
// and how far behind its schedule it fell at most.
func pace(ctx context.Context, start time.Time, rate float64, d time.Duration, tick func(i int)) (n int, behind time.Duration) {
	end := start.Add(d)
	timer := time.NewTimer(0)
	defer timer.Stop()
	<-timer.C
	for i := 0; ; i++ {
		due := dueAt(start, rate, i)
		if !due.Before(end) {
			return i, behind
		}
		if wait := time.Until(due); wait > 0 {
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				return i, behind
			case <-timer.C:
			}
		} else {
			behind = max(behind, -wait)
			if ctx.Err() != nil {
				return i, behind
			}
		}
		tick(i)
	}
}
