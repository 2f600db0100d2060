package wof

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// FuzzReadELO checks that Read never panics and that whatever it returns,
// Write takes, and Read gives back the same File (players, rounds, games,
// added games, comments and header) from what Write wrote, which writes
// again to the same bytes.
func FuzzReadELO(f *testing.F) {
	for _, seed := range []string{
		oddButFine,
		smallFileText,
		header + "%_% 1, Sano   Yoko, JPN, 5, 711\n%_% 2, SIM, Wei, SGP, 4    378 %x\n1 (32)>(32) 2\n",
		header + "5071 >   4875      36 (49)>(15)   5071 \n+1 (40)> 2 b 3\n",
		header + "%Round: Finals\n%%Added results\n%Round: 2\n1 = 1\n%_% abc\n%_%ID, NAME\n",
		header + "%_% 1, A, B, F, 4.25, 3x2, -, x, y\n%%Date: 31/02/2020\n",
		"%%Date: 1/1/2000 - 2/1/2000\r1 > 2\r%Round:: x ::\r",
		"%%Sender:\n\xe9t\xe9 1 > 2\n",
		"%%Tournament: T\n" + strings.Repeat("9", MaxLineLength+1),
		"", "\x00", "1 > 2\n", "%%Country:",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, ws, err := Read(bytes.NewReader(data))
		if err != nil {
			if file != nil || ws != nil {
				t.Fatalf("Read returned a File or warnings with error %v", err)
			}
			return
		}
		if len(ws) > MaxWarnings+1 {
			t.Fatalf("%d warnings", len(ws))
		}
		var first bytes.Buffer
		if err := Write(&first, file); err != nil {
			t.Fatalf("Write of what Read returned: %v", err)
		}
		again, _, err := Read(bytes.NewReader(first.Bytes()))
		if err != nil {
			t.Fatalf("Read of what Write wrote: %v\n%q", err, first.String())
		}
		if diff := sameFile(file, again); diff != "" {
			t.Fatalf("Write then Read changes the file: %s\nwritten:\n%q", diff, first.String())
		}
		var second bytes.Buffer
		if err := Write(&second, again); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(first.Bytes(), second.Bytes()) {
			t.Fatalf("writing again changes the bytes:\n%q\n%q", first.String(), second.String())
		}
	})
}

// FuzzReadPlayerDB checks that ReadPlayerDB never panics, that ids are
// unique, that ByID and Find find every player, and that WritePlayerDB
// writes what was read so that it reads back to the same players (or
// refuses it, for the one thing a read can give that the format cannot
// write back: a "%_" comment on a player whose rating was unreadable).
func FuzzReadPlayerDB(f *testing.F) {
	for _, seed := range []string{
		"% Liste\npays = ARG\n280016 ACUNA, Ricardo    %_<1714>\n280091 AMBROSIUS, Karin\n",
		"pays = PG\n  3202 EDAX (Delorme)  %_<2175>\n 60293 ZUO, Xuzhe %_<-711> % note\n",
		"1 X\n1 Y\npays = \n2 , \n3 A, B %_<x>\n4\n5x\nzzz\n",
		"\xe9 1 \xe9, \xe9\r\n", "", "\x00",
		"1 A %_<x> %y %_<2>\n2 B %x %_<1> %_<2>\npays = a=b\n3 , C,D\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		db, ws, err := ReadPlayerDB(bytes.NewReader(data))
		if err != nil {
			if db != nil || ws != nil {
				t.Fatalf("ReadPlayerDB returned a database or warnings with error %v", err)
			}
			return
		}
		seen := map[int]bool{}
		for i, p := range db.Players {
			if seen[p.ID] {
				t.Fatalf("id %d twice", p.ID)
			}
			seen[p.ID] = true
			if got, ok := db.ByID(p.ID); !ok || got != p {
				t.Fatalf("ByID(%d) = %+v, %v; want %+v", p.ID, got, ok, p)
			}
			if strings.TrimSpace(p.Surname) == "" || i >= 50 {
				continue // Find scans them all: checking every player is quadratic
			}
			found := false
			for _, q := range db.Find(p.Surname + ", " + p.Firstname) {
				found = found || q == p
			}
			if !found {
				t.Fatalf("Find(%q, %q) misses player %d", p.Surname, p.Firstname, p.ID)
			}
		}
		var written bytes.Buffer
		if err := WritePlayerDB(&written, db); err != nil {
			// Two refusals are the format's limits, not faults: a comment
			// that would read back as a rating, and a line that grows past
			// MaxLineLength as written (the id and name padded, Windows-1252
			// punctuation three bytes in UTF-8), which a reader would skip.
			if !strings.Contains(err.Error(), "which would read back as one") && !strings.Contains(err.Error(), fmt.Sprintf("bytes, over %d", MaxLineLength)) {
				t.Fatalf("WritePlayerDB of what ReadPlayerDB returned: %v", err)
			}
			return
		}
		again, _, err := ReadPlayerDB(bytes.NewReader(written.Bytes()))
		if err != nil {
			if len(db.Players) == 0 {
				return // nothing but comments: the header alone is not a database
			}
			t.Fatalf("ReadPlayerDB of what WritePlayerDB wrote: %v\n%q", err, written.String())
		}
		if diff := samePlayers(db, again); diff != "" {
			t.Fatalf("WritePlayerDB then ReadPlayerDB changes the players: %s\nwritten:\n%q", diff, written.String())
		}
	})
}
