package rating

import (
	"strings"
	"testing"
	"testing/fstest"

	"outflank/wof"
)

func TestFromArchiveReadsEveryGameOfALine(t *testing.T) {
	elo := "%%Tournament: T\n%%Country: X\n%%Date: 07/03/2026 - 08/03/2026\n%%Sender: S\n" +
		"1 (40)>(24) 2 B 3 = 4 5 (20)<(44) 6 W % several games on one line\n" +
		"7 > 7\n" + // a player against himself: left out
		"%%Added results\n8 < 9\n"
	fsys := fstest.MapFS{"2026/20260307_T.ELO": {Data: []byte(elo)}, "2026/notes.txt": {Data: []byte("not read")}}
	files, problems, err := wof.ReadArchive(fsys, ".")
	if err != nil || len(problems) != 0 || len(files) != 1 {
		t.Fatalf("ReadArchive: %d files, %v, %v", len(files), problems, err)
	}
	ts, skipped := FromArchive(files)
	want := []Game{{1, 2, 2}, {3, 4, 1}, {5, 6, 0}, {8, 9, 0}}
	if len(ts) != 1 || ts[0].Date != (Date{2026, 3, 7}) || skipped != 1 {
		t.Fatalf("tournaments %+v, skipped %d; want one of 7 March 2026 (the first date), 1 skipped", ts, skipped)
	}
	if got := ts[0].Games; len(got) != len(want) {
		t.Fatalf("games %v, want %v", got, want)
	}
	for k, g := range want {
		if ts[0].Games[k] != g {
			t.Errorf("game %d = %+v, want %+v", k, ts[0].Games[k], g)
		}
	}
}

func TestArchiveDateFromTheFileName(t *testing.T) {
	elo := "%%Tournament: T\n%%Country: X\n%%Date: sometime in March\n%%Sender: S\n1 > 2\n"
	fsys := fstest.MapFS{"20260307_T.elo": {Data: []byte(elo)}, "nodate.ELO": {Data: []byte(elo)}}
	files, problems, err := wof.ReadArchive(fsys, ".")
	if err != nil || len(files) != 1 || !files[0].DateFromName || files[0].Date != (wof.Date{Year: 2026, Month: 3, Day: 7}) {
		t.Fatalf("files %+v, err %v: want the date of the name", files, err)
	}
	if len(problems) != 1 || problems[0].Path != "nodate.ELO" || !strings.Contains(problems[0].Error(), "no date") {
		t.Errorf("problems %v, want nodate.ELO without a date", problems)
	}
}
