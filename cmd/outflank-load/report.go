package main

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"time"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }

// urlInError is the request's URL in an error of net/http's client.
var (
	urlInError = regexp.MustCompile(`"http://[^/"]+(/[^"]*)"`)
	numbers    = regexp.MustCompile(`/[0-9]+`)
)

// groupURL replaces the URL in an error by its route ("/api/t/load-1/
// rounds/N/results/N"), so that one line counts the errors of a kind.
func groupURL(msg string) string {
	return urlInError.ReplaceAllStringFunc(msg, func(u string) string {
		path := urlInError.FindStringSubmatch(u)[1]
		return `"` + numbers.ReplaceAllString(path, "/N") + `"`
	})
}

// errorRateLimit is the bound on the errors users may see.
const errorRateLimit = 0.001

// report prints a cluster run's figures and returns an error when an
// accepted write was lost.
func (r *clusterRun) report(load writeLoad, records []*writeRecord, storedBy map[string]*stored, v verification) error {
	out := r.stdout
	for _, f := range r.faults {
		fmt.Fprintf(out, "  fault: %s\n", f)
	}

	// The writes: what was answered, how fast, and the errors seen.
	var accepted, conflicts, notEntered, failed int
	byKind := map[writeKind]int{}
	answers := newHistogram()
	messages, conflictMessages := map[string]int{}, map[string]int{}
	for _, w := range records {
		switch {
		case w.accepted():
			accepted++
			byKind[w.kind]++
			answers.add(w.answered.Sub(w.sent))
			continue
		case expectedConflict(w):
			conflicts++
			conflictMessages[shorten(fmt.Sprintf("%d %s", w.status, w.message), 160)]++
		case w.kind == writeJudge && w.status == 200:
			notEntered++
		default:
			failed++
			// A transport error names the address: one line for all.
			key := groupURL(w.message)
			if w.status != 0 {
				key = fmt.Sprintf("%d %s", w.status, w.message)
			}
			messages[shorten(key, 160)]++
		}
	}
	d := r.c.duration.Seconds()
	fmt.Fprintf(out, "  writes: %d sent (%.1f/s), %d accepted (%.1f/s: %d director results, %d judge results, %d pairings)\n",
		load.sent, float64(load.sent)/d, accepted, float64(accepted)/d, byKind[writeResult], byKind[writeJudge], byKind[writePair])
	if load.busy > 0 || load.nothing > 0 {
		fmt.Fprintf(out, "    NOT SENT: %d writes due while %d were in flight (the server fell behind), %d due when no tournament had a write to give\n",
			load.busy, r.c.cluster.writers, load.nothing)
	}
	if load.behind > 100*time.Millisecond {
		fmt.Fprintf(out, "    the load generator fell %s behind its schedule (this machine is busy)\n", load.behind.Round(time.Millisecond))
	}
	perWrite := time.Duration(0)
	if accepted > 0 {
		perWrite = load.serverCPU / time.Duration(accepted)
	}
	fmt.Fprintf(out, "  CPU while writing: the instances %.1f s (%.0f%% of a core; %s per accepted write, the streams' share included), the load generator %.1f s\n",
		load.serverCPU.Seconds(), 100*load.serverCPU.Seconds()/d, ms(perWrite), load.selfCPU.Seconds())
	fmt.Fprintf(out, "  write answers: p50 %s, p99 %s, max %s\n", ms(answers.percentile(50)), ms(answers.percentile(99)), ms(answers.max))
	rate := 0.0
	if len(records) > 0 {
		rate = float64(failed) / float64(len(records))
	}
	flag := "ok"
	if rate > errorRateLimit {
		flag = "ABOVE the 0.1% allowed"
	}
	fmt.Fprintf(out, "  errors: %d of %d writes (%.3f%%: %s); %d conflicts (409, or a replacement by the same score), %d judge submissions not entered\n",
		failed, len(records), rate*100, flag, conflicts, notEntered)
	for _, m := range topMessages(messages, 6) {
		fmt.Fprintf(out, "    error: %s\n", m)
	}
	for _, m := range topMessages(conflictMessages, 3) {
		fmt.Fprintf(out, "    conflict: %s\n", m)
	}

	// The streams: how soon each had each accepted write.
	st := r.deliveries(storedBy)
	fmt.Fprintf(out, "  change events, from each change's commit (its time in the log) to each stream of its tournament: %s\n", st)
	var opened, reconnected, reconnects, failures int
	for _, f := range r.followers {
		if f.opened.Load() {
			opened++
		}
		if f.reconnects > 0 {
			reconnected++
		}
		reconnects += f.reconnects
		failures += f.failures
	}
	fmt.Fprintf(out, "  streams: %d followed, %d saw a write later than 1 s or never; %d reconnected (%d reconnections, %d failed attempts)\n",
		opened, st.streamsLate, reconnected, reconnects, failures)

	// The delays hold only if the n-th log entry made version n: then the
	// streams end at the version of the log's last entry.
	top := map[string]int64{}
	for _, f := range r.followers {
		for _, x := range f.seen {
			top[f.slug] = max(top[f.slug], x.version)
		}
	}
	for slug, s := range storedBy {
		if top[slug] != int64(len(s.log)) {
			fmt.Fprintf(out, "    WARNING: the streams of %s ended at version %d, its log has %d entries: the delays above are not to be trusted\n", slug, top[slug], len(s.log))
		}
	}

	// The checks.
	fmt.Fprintf(out, "  check: %d of %d accepted writes in the log as written; %d games' scores compared between the log and the database; %d hash chains broken; %d results in the log whose answer the writer did not get\n",
		v.inLog, v.accepted, v.tables, v.chainsBroken, v.unanswered)
	for _, p := range v.problems {
		fmt.Fprintf(out, "    PROBLEM: %s\n", p)
	}
	fmt.Fprintf(out, "load average at the end: %s\n", loadAverage())
	if v.nProblems > 0 {
		return fmt.Errorf("%d problems: accepted writes lost or stored wrongly", v.nProblems)
	}
	return nil
}

// deliveries measures the delays of the change events: from the time
// each change of the run was recorded (the log's) to its sighting on each
// stream of its tournament. Every change counts, those whose answer the
// writer did not get included.
func (r *clusterRun) deliveries(storedBy map[string]*stored) *deliveryStats {
	st := &deliveryStats{hist: newHistogram()}
	writes := map[string][]delivery{}
	for slug, s := range storedBy {
		writes[slug] = deliveriesOf(s.log, r.start)
		sortDeliveries(writes[slug])
	}
	for _, f := range r.followers {
		if f.opened.Load() {
			st.measureDelivery(writes[f.slug], f.seen, time.Second)
		}
	}
	return st
}

// topMessages lists the most frequent messages, with their counts.
func topMessages(m map[string]int, n int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if m[a] != m[b] {
			return m[b] - m[a]
		}
		return strings.Compare(a, b)
	})
	var list []string
	for _, k := range keys[:min(n, len(keys))] {
		list = append(list, fmt.Sprintf("%6d × %s", m[k], k))
	}
	return list
}

func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// expectedConflict reports whether a write was refused for racing another
// write, as writers at the same tables do: a 409, unless the database
// was locked too long (a failure the user sees), or a replacement by the
// score just stored.
func expectedConflict(w *writeRecord) bool {
	switch w.status {
	case 409:
		return !strings.Contains(w.message, "locked") && !strings.Contains(w.message, "unavailable")
	case 400:
		return strings.HasPrefix(w.message, "nothing to change")
	}
	return false
}
