package migration

import (
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"outflank/internal/shareddata"
)

// The full sweep: every file of ../shared/data/elo and a sample of the WOF
// archive, every k (or 8 of them for long events). Without it, a few
// seconds: three real events, three values of k each.
var full = os.Getenv("OUTFLANK_MIGRATION") == "full"

// tally is what the replays met, for the report.
type tally struct {
	files, replays, forced, paired               int
	rematches, refusals, completion, bounded     int
	unclear, swissRefusals, roundRobins, swisses int
	exhausted, archive, completing               int
	skipped                                      map[string]int
	examples                                     map[string]string
}

// TestMigration is issue 24's proof on real events: each is created under
// its ruleset (BOF for British events, else custom) with its system (a
// round robin when its games are one), its first k rounds entered by hand
// exactly as played, and the rounds left paired by 'pair' with simulated
// results. 'pair' must never pair a rematch (players who have met as
// often as the rules let them: once, or once a cycle of a round robin), and
// every refusal must say what the director can do. The counts are logged
// (go test -v; OUTFLANK_MIGRATION=full for the full sweep).
func TestMigration(t *testing.T) {
	elo := shareddata.Dir(t, "elo")
	start := time.Now()
	files, err := filepath.Glob(filepath.Join(elo, "*.ELO"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .ELO files in %s: %v", elo, err)
	}
	sort.Strings(files)
	tl := &tally{skipped: map[string]int{}, examples: map[string]string{}}
	var events []*Event
	if !full {
		files = []string{filepath.Join(elo, "20100313_Oadby_Regional.ELO"), filepath.Join(elo, "20190608_Roma_open.ELO"), filepath.Join(elo, "20090110_EGP_Roma.ELO")}
	}
	for _, f := range files {
		ev, skip, err := Load(f)
		if err != nil {
			t.Fatal(err)
		}
		if skip != "" {
			tl.skipped[skip]++
			continue
		}
		events = append(events, ev)
	}
	tl.files = len(files)
	if full {
		archive := shareddata.Dir(t, filepath.Join("wof", "results"))
		all, err := filepath.Glob(filepath.Join(archive, "*", "*.ELO"))
		if err != nil || len(all) == 0 {
			t.Fatalf("no .ELO files in %s: %v", archive, err)
		}
		sample, skipped, err := Sample(all, 25, 220, Load)
		if err != nil {
			t.Fatal(err)
		}
		for reason, n := range skipped {
			tl.skipped[reason] += n
		}
		tl.archive = len(sample)
		events = append(events, sample...)
	}
	ks := 3
	if full {
		ks = 8
	}
	for _, ev := range events {
		if ev.Cycles > 0 {
			tl.roundRobins++
		} else {
			tl.swisses++
		}
		for _, k := range Ks(ev.Rounds(), ks) {
			out, err := Replay(ev, k, Options{Seed: 24})
			if err != nil {
				t.Errorf("%s, k=%d: %v", ev.Name(), k, err)
				continue
			}
			tl.add(ev, out)
		}
	}
	t.Logf("%d files of elo/ and %d events sampled from the archive: %d events replayed (%d round robins, %d Swiss), %d replays, %d rounds entered by hand forced, %d rounds paired (%d of them completing a round robin from the rounds played), in %v",
		tl.files, tl.archive, len(events), tl.roundRobins, tl.swisses, tl.replays, tl.forced, tl.paired, tl.completing, time.Since(start).Round(time.Millisecond))
	t.Logf("files skipped, their rounds not recovered: %v", tl.skipped)
	t.Logf("rematches paired: %d; refusals: %d (round robin not completable: %d, of which search bound hit: %d; Swiss: %d, of which %d with a player who had met everyone); refusals without a way out: %d",
		tl.rematches, tl.refusals, tl.completion, tl.bounded, tl.swissRefusals, tl.exhausted, tl.unclear)
	for kind, example := range tl.examples {
		t.Logf("example %s: %s", kind, example)
	}
	if tl.rematches > 0 {
		t.Errorf("%d rematches paired", tl.rematches)
	}
	if tl.unclear > 0 {
		t.Errorf("%d refusals say nothing of what to do", tl.unclear)
	}
	if tl.replays == 0 {
		t.Fatal("nothing replayed")
	}
}

func (tl *tally) add(ev *Event, out *Outcome) {
	tl.replays++
	tl.forced += out.Forced
	tl.paired += out.Paired
	tl.completing += out.Completing
	tl.rematches += len(out.Rematches)
	for _, r := range out.Rematches {
		tl.examples["rematch"] = ev.Name() + ": " + r
	}
	if out.Refusal == "" {
		return
	}
	tl.refusals++
	kind := "Swiss refusal"
	switch {
	case out.Bounded:
		tl.bounded++
		tl.completion++
		kind = "round robin refusal (bound)"
	case out.Completion:
		tl.completion++
		kind = "round robin refusal"
	default:
		tl.swissRefusals++
		if out.Exhausted {
			tl.exhausted++
		}
	}
	if !out.Clear {
		tl.unclear++
		kind = "unclear refusal"
	}
	if _, seen := tl.examples[kind]; !seen {
		tl.examples[kind] = ev.Name() + ", k=" + strconv.Itoa(out.K) + ": " + strings.ReplaceAll(out.Refusal, "\n", " ")
	}
}
