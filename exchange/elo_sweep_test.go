package exchange

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"outflank/internal/shareddata"
	"outflank/rules"
)

// sweepEnv names the variable that makes TestELOHeaderSweep read the whole
// WOF archive (7,636 files, about ten seconds) instead of every 20th file.
const sweepEnv = "OUTFLANK_ELO_SWEEP"

// headerOrder ranks the differences, to name a file by its main one when
// two are as common in it.
var headerOrder = []HeaderClass{HeaderAdded, HeaderPlaceholder, HeaderScaled, HeaderNotDiscs, HeaderOtherBye, HeaderMissing,
	HeaderMorePoints, HeaderFewerPoints, HeaderDiscsUnknown, HeaderDiscsWritten, HeaderDiscs}

// sweepTally counts files by how their player lines compare with their
// games, and players by class.
type sweepTally struct {
	files, withAdded map[string]int
	players          map[HeaderClass]int
	// total counts the files, byes those with a bye or absence put back
	// (mended or not), putBack the byes and absences.
	total, byes, putBack int
}

// add counts one imported file.
func (s *sweepTally) add(b *eloBuilder) {
	class := fileClass(b.checks)
	s.total++
	s.files[class]++
	if len(b.file.Added) > 0 {
		s.withAdded[class]++
	}
	mended := 0
	for _, c := range b.checks {
		s.players[c.Class]++
		mended += len(c.Byes) + len(c.Absent)
	}
	if mended > 0 {
		s.byes++
	}
	s.putBack += mended
}

// fileClass names a file by its checks: "no player lines", "no totals",
// "agree", "mended" (agreeing once byes or absences were put back), or
// "differ: " and its most common difference.
func fileClass(checks []HeaderCheck) string {
	count := map[HeaderClass]int{}
	for _, c := range checks {
		count[c.Class]++
	}
	main := HeaderClass("")
	for _, class := range headerOrder {
		if count[class] > count[main] {
			main = class
		}
	}
	switch {
	case len(checks) == 0:
		return "no player lines"
	case count[HeaderNoTotals] == len(checks):
		return "no totals"
	case main != "":
		return "differ: " + string(main)
	case count[HeaderBye]+count[HeaderAbsent] > 0:
		return "mended"
	}
	return "agree"
}

// String gives the counts as docs/formats.md shows them, largest first.
func (s *sweepTally) String() string {
	var b strings.Builder
	classes := slices.SortedFunc(maps.Keys(s.files), func(x, y string) int {
		if s.files[x] != s.files[y] {
			return s.files[y] - s.files[x]
		}
		return strings.Compare(x, y)
	})
	fmt.Fprintf(&b, "%d files; %d with %d byes or absences put back\n", s.total, s.byes, s.putBack)
	for _, c := range classes {
		fmt.Fprintf(&b, "%6d %-40s (%d with %%%%Added results)\n", s.files[c], c, s.withAdded[c])
	}
	for _, c := range slices.Sorted(maps.Keys(s.players)) {
		fmt.Fprintf(&b, "%6d players: %s\n", s.players[c], c)
	}
	return b.String()
}

// sweep imports files as 'outflank import FILE' does (custom rules) and
// counts them.
func sweep(t *testing.T, files []string) *sweepTally {
	t.Helper()
	s := &sweepTally{files: map[string]int{}, withAdded: map[string]int{}, players: map[HeaderClass]int{}}
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		b, err := readELO(f, rules.Custom, path, "")
		f.Close()
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		s.add(b)
	}
	return s
}

// TestELOHeaderSweep measures the import's header check (issue 24, 5) on
// real files: how many agree with their games, how many were mended by a
// bye put back, how many still differ and why. It reads the 28 files of
// shared/data/elo, and every 20th file of the WOF archive, or all of it
// when OUTFLANK_ELO_SWEEP=all; go test -v shows the counts, which are
// those docs/formats.md gives.
func TestELOHeaderSweep(t *testing.T) {
	chosen, err := filepath.Glob(filepath.Join(shareddata.Dir(t, "elo"), "*.ELO"))
	if err != nil || len(chosen) != 28 {
		t.Fatalf("%d chosen files (%v), want 28", len(chosen), err)
	}
	s := sweep(t, chosen)
	t.Logf("shared/data/elo:\n%s", s)
	want := map[string]int{
		"no player lines": 10, "no totals": 1, "agree": 5, "mended": 3,
		"differ: not a disc count": 4, "differ: missing games": 2, "differ: placeholder totals": 2,
		"differ: placeholder discs in the games": 1,
	}
	if !maps.Equal(s.files, want) || s.byes != 3 || s.putBack != 12 {
		t.Errorf("shared/data/elo: %v, %d files with %d byes put back; want %v, 3 with 12", s.files, s.byes, s.putBack, want)
	}
	var archive []string
	err = filepath.WalkDir(shareddata.Dir(t, "wof/results"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(path), ".ELO") {
			archive = append(archive, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(archive)
	all := os.Getenv(sweepEnv) == "all"
	if !all {
		var sample []string
		for i := 0; i < len(archive); i += 20 {
			sample = append(sample, archive[i])
		}
		archive = sample
	}
	s = sweep(t, archive)
	t.Logf("the WOF archive (%s):\n%s", map[bool]string{true: "all", false: "every 20th file; " + sweepEnv + "=all for all"}[all], s)
	want, wantByes, wantPutBack := map[string]int{
		"agree": 148, "no player lines": 107, "mended": 26, "no totals": 2,
		"differ: placeholder discs in the games": 54, "differ: fewer points": 9, "differ: missing games": 9,
		"differ: not a disc count": 9, "differ: other discs": 7, "differ: placeholder totals": 7, "differ: discs as written": 4,
	}, 31, 170
	if all {
		// The figures of docs/formats.md.
		want, wantByes, wantPutBack = map[string]int{
			"agree": 2958, "no player lines": 2066, "mended": 563, "no totals": 74,
			"differ: placeholder discs in the games": 1235, "differ: discs as written": 195, "differ: missing games": 169,
			"differ: other discs": 152, "differ: not a disc count": 80, "differ: fewer points": 64, "differ: placeholder totals": 62,
			"differ: another scoring": 6, "differ: added results counted": 4, "differ: more points": 5, "differ: bye scored otherwise": 3,
		}, 645, 3501
	}
	if !maps.Equal(s.files, want) || s.byes != wantByes || s.putBack != wantPutBack {
		t.Errorf("the archive: %v, %d files with %d byes put back; want %v, %d with %d", s.files, s.byes, s.putBack, want, wantByes, wantPutBack)
	}
}
