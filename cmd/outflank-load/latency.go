package main

import (
	"fmt"
	"slices"
	"time"
)

// histogram counts durations in buckets of a millisecond, up to a minute
// (longer ones count in the last bucket), so that the millions of
// (write, stream) delays of a cluster run cost a fixed amount of memory.
type histogram struct {
	buckets []int64
	n       int64
	max     time.Duration
}

const histogramSpan = time.Minute

func newHistogram() *histogram {
	return &histogram{buckets: make([]int64, histogramSpan/time.Millisecond+1)}
}

// add counts d (negative durations count as 0).
func (h *histogram) add(d time.Duration) {
	d = max(d, 0)
	h.n++
	h.max = max(h.max, d)
	h.buckets[min(int(d/time.Millisecond), len(h.buckets)-1)]++
}

// percentile returns the smallest duration, to the millisecond above,
// that p percent of the counted ones do not exceed (0 when none were
// counted). The maximum is exact.
func (h *histogram) percentile(p float64) time.Duration {
	if h.n == 0 {
		return 0
	}
	if p >= 100 {
		return h.max
	}
	rank := int64(float64(h.n)*p/100 + 0.9999999)
	rank = max(rank, 1)
	var seen int64
	for i, c := range h.buckets {
		seen += c
		if seen >= rank {
			return min(time.Duration(i+1)*time.Millisecond, h.max)
		}
	}
	return h.max
}

// sighting is a change event a stream received: the version, and when
// (UnixNano).
type sighting struct {
	version int64
	at      int64
}

// delivery is a write as the delays are measured from: the version it
// made, and when the writer had the answer (UnixNano).
type delivery struct {
	version  int64
	accepted int64
}

// deliveryStats are the delays of the change events to the streams.
type deliveryStats struct {
	hist   *histogram
	late   int64 // (write, stream) pairs seen after more than the limit
	missed int64 // pairs never seen
	// streamsLate counts the streams that saw at least one write late or
	// never.
	streamsLate int
}

// measureDelivery adds to st the delay from each write's acceptance to the
// first change event seen (in seen, in the order received) with a version
// at least the write's. Writes must be sorted by version. A stream
// reconnected elsewhere may see versions go back; the first sighting of a
// version at least the write's counts.
func (st *deliveryStats) measureDelivery(writes []delivery, seen []sighting, limit time.Duration) {
	late := false
	i := 0
	var top int64 // the highest version seen so far
	for _, w := range writes {
		for i < len(seen) && top < w.version {
			top = max(top, seen[i].version)
			i++
		}
		if top < w.version {
			st.missed++
			late = true
			continue
		}
		d := time.Duration(seen[i-1].at - w.accepted)
		st.hist.add(d)
		if d > limit {
			st.late++
			late = true
		}
	}
	if late {
		st.streamsLate++
	}
}

// sortDeliveries sorts writes by version, as measureDelivery needs.
func sortDeliveries(writes []delivery) {
	slices.SortFunc(writes, func(a, b delivery) int {
		if a.version != b.version {
			return int(a.version - b.version)
		}
		return int(a.accepted - b.accepted)
	})
}

func (st *deliveryStats) String() string {
	h := st.hist
	return fmt.Sprintf("%d deliveries: p50 %s, p99 %s, max %s; %d later than 1 s, %d never seen",
		h.n, ms(h.percentile(50)), ms(h.percentile(99)), ms(h.max), st.late, st.missed)
}
