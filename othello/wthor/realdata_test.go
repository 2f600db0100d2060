package wthor

import (
	"bytes"
	"os"
	"testing"
	"unicode/utf8"

	"outflank/internal/shareddata"
	"outflank/othello"
)

// readShared returns the bytes of a file of ../shared/data/wthor, or skips.
func readShared(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(shareddata.File(tb, "wthor", name))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// realGameFiles are the federation's game files and their game counts
// (shared/data/README.md).
var realGameFiles = []struct {
	name  string
	games int
	year  uint16
}{
	{"WTH_1977.wtb", 12, 1977},
	{"WTH_2004.wtb", 9021, 2004},
	{"WTH_2025.wtb", 2010, 2025},
}

// checkRealGames reads data, the game file name, and checks its count, the
// exact round trip and that every game replays legally to its recorded score.
func checkRealGames(t *testing.T, name string, data []byte, games int, year uint16) *GameFile {
	t.Helper()
	f, err := ReadGames(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(f.Games) != games || f.NumGames != uint32(games) {
		t.Errorf("%s: %d games, header %d, want %d", name, len(f.Games), f.NumGames, games)
	}
	// The package documentation describes these header fields as found.
	if f.GamesYear != year || f.BoardSize != 8 || f.Depth != 24 || f.NumRecords != 0 || f.GameType != 0 || f.Reserved != 0 {
		t.Errorf("%s: header %+v, want games of %d on 8x8, depth 24", name, f.Header, year)
	}
	var buf bytes.Buffer
	if err := WriteGames(&buf, f); err != nil {
		t.Fatalf("%s: write: %v", name, err)
	}
	if !bytes.Equal(buf.Bytes(), data) {
		t.Errorf("%s: written file differs from the original (%d vs %d bytes)", name, buf.Len(), len(data))
	}
	finished := 0
	for i, g := range f.Games {
		replay, err := othello.Replay(g.Moves)
		if err != nil {
			t.Errorf("%s: game %d (%s): %v", name, i, othello.FormatTranscript(g.Moves), err)
			continue
		}
		if !replay.Finished() {
			continue
		}
		finished++
		if got := replay.Final().OfficialScore().Black; got != int(g.BlackScore) {
			t.Errorf("%s: game %d: recorded black score %d, official score of the moves %d", name, i, g.BlackScore, got)
		}
	}
	t.Logf("%s: %d games, %d finished", name, len(f.Games), finished)
	return f
}

// TestRealGameFiles reads the federation's game files, when present.
func TestRealGameFiles(t *testing.T) {
	for _, rf := range realGameFiles {
		t.Run(rf.name, func(t *testing.T) {
			checkRealGames(t, rf.name, readShared(t, rf.name), rf.games, rf.year)
		})
	}
}

// TestTestdata1977 checks the copy of WTH_1977.wtb kept in testdata, so
// that a real file is read even without ../shared/data.
func TestTestdata1977(t *testing.T) {
	data, err := os.ReadFile("testdata/WTH_1977.wtb")
	if err != nil {
		t.Fatal(err)
	}
	f := checkRealGames(t, "testdata/WTH_1977.wtb", data, 12, 1977)
	if y, m, d := f.CreationDate(); y != 2007 || m != 5 || d != 22 {
		t.Errorf("creation date %d-%d-%d, want 2007-5-22", y, m, d)
	}
	g := f.Games[0]
	if g.Tournament != 1 || g.Black != 346 || g.White != 843 || g.BlackScore != 34 || g.TheoreticalScore != 41 {
		t.Errorf("game 0 = %+v", g)
	}
	if got := othello.FormatTranscript(g.Moves); got != game1977 {
		t.Errorf("game 0 moves %s, want %s", got, game1977)
	}
}

// TestRealGamesSpotCheck looks at the first games of the 2025 file and
// their names, as read from the name files.
func TestRealGamesSpotCheck(t *testing.T) {
	games, err := ReadGames(bytes.NewReader(readShared(t, "WTH_2025.wtb")))
	if err != nil {
		t.Fatal(err)
	}
	players, err := ReadPlayers(bytes.NewReader(readShared(t, "WTHOR.JOU")))
	if err != nil {
		t.Fatal(err)
	}
	trns, err := ReadTournaments(bytes.NewReader(readShared(t, "WTHOR.TRN")))
	if err != nil {
		t.Fatal(err)
	}
	g := games.Games[0]
	tour, _ := trns.Name(g.Tournament)
	black, _ := players.Name(g.Black)
	white, _ := players.Name(g.White)
	if tour != "All Japan Championships" || black != "Ogura Ryutaro" || white != "Takahashi Akihiro" {
		t.Errorf("game 0: %q, %q against %q", tour, black, white)
	}
	if g.BlackScore != 31 || g.TheoreticalScore != 37 || len(g.Moves) != 59 {
		t.Errorf("game 0: score %d, theoretical %d, %d moves", g.BlackScore, g.TheoreticalScore, len(g.Moves))
	}
	if got := othello.FormatTranscript(g.Moves[:6]); got != "f5d6c5f4e3c6" {
		t.Errorf("game 0 opens %s, want f5d6c5f4e3c6", got)
	}
	for i, g := range games.Games {
		for _, idx := range []uint16{g.Black, g.White} {
			if _, ok := players.Name(idx); !ok {
				t.Errorf("game %d: player %d not in WTHOR.JOU", i, idx)
			}
		}
		if _, ok := trns.Name(g.Tournament); !ok {
			t.Errorf("game %d: tournament %d not in WTHOR.TRN", i, g.Tournament)
		}
	}
}

// TestRealNameFiles reads WTHOR.JOU and WTHOR.TRN, checks counts and some
// names, and writes them back byte for byte.
func TestRealNameFiles(t *testing.T) {
	cases := []struct {
		file  string
		read  func(r *bytes.Reader) (*NameFile, error)
		write func(w *bytes.Buffer, f *NameFile) error
		size  int
		count int
		names map[uint16]string
	}{
		{
			"WTHOR.JOU",
			func(r *bytes.Reader) (*NameFile, error) { return ReadPlayers(r) },
			func(w *bytes.Buffer, f *NameFile) error { return WritePlayers(w, f) },
			PlayerRecordSize, 4412,
			map[uint16]string{0: "???", 1: "Tastet Marc", 6: "Murakami Takeshi", 20: "Brightwell Graham",
				30: "Puget Jean-Francois", 4411: "Smid Jelle"},
		},
		{
			"WTHOR.TRN",
			func(r *bytes.Reader) (*NameFile, error) { return ReadTournaments(r) },
			func(w *bytes.Buffer, f *NameFile) error { return WriteTournaments(w, f) },
			TournamentRecordSize, 463,
			map[uint16]string{0: "Diverses parties", 1: "World Championship", 17: "Préqualif de Paris",
				47: "Championnat de Suède", 123: "Match Murakami-Logistello"},
		},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			data := readShared(t, c.file)
			f, err := c.read(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if len(f.Names) != c.count || f.NumRecords != uint16(c.count) {
				t.Errorf("%d names, header %d, want %d", len(f.Names), f.NumRecords, c.count)
			}
			h := f.Header
			if h.NumGames != 0 || h.GamesYear != 0 || h.BoardSize != 0 || h.GameType != 0 || h.Depth != 0 || h.Reserved != 0 {
				t.Errorf("header %+v: fields other than the date and count are set", h)
			}
			// Names that fill their record up to the NUL test the limit.
			full := 0
			for _, name := range f.Names {
				if utf8.RuneCountInString(name) == c.size-1 {
					full++
				}
			}
			if full == 0 {
				t.Errorf("no name fills its record: the longest names are not tested")
			}
			for i, want := range c.names {
				if got, _ := f.Name(i); got != want {
					t.Errorf("name %d = %q, want %q", i, got, want)
				}
			}
			var buf bytes.Buffer
			if err := c.write(&buf, f); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), data) {
				t.Errorf("written file differs from the original (%d vs %d bytes)", buf.Len(), len(data))
			}
		})
	}
}
