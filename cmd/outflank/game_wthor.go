package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"outflank"
	"outflank/othello"
	"outflank/othello/wthor"
)

// maxProblemsListed is how many problems `game wthor --check` describes; the
// counts cover them all.
const maxProblemsListed = 10

func runGameWthor(e *env, args []string) error {
	fs := e.newFlags("game wthor", "game wthor [--check] [--json] FILE.wtb [--players WTHOR.JOU] [--tournaments WTHOR.TRN] [--max-size SIZE]")
	check := fs.Bool("check", false, "replay every game and compare the recorded scores with the official ones")
	asJSON := fs.Bool("json", false, "print one JSON document")
	playersPath := fs.String("players", "", "the WTHOR.JOU `file` with the players' names")
	tournamentsPath := fs.String("tournaments", "", "the WTHOR.TRN `file` with the tournaments' names")
	maxSize := maxSizeFlag(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("game wthor: give one .wtb file")
	}
	path := pos[0]
	games, err := readWthorFile(path, maxSize, wthor.ReadGames)
	if err != nil {
		return err
	}
	names := wthorNames{}
	if *playersPath != "" {
		if names.players, err = readWthorFile(*playersPath, maxSize, wthor.ReadPlayers); err != nil {
			return err
		}
	}
	if *tournamentsPath != "" {
		if names.tournaments, err = readWthorFile(*tournamentsPath, maxSize, wthor.ReadTournaments); err != nil {
			return err
		}
	}
	if *check {
		return e.checkWthor(path, games, names, *asJSON)
	}
	listed := make([]wthorGameJSON, len(games.Games))
	for i, g := range games.Games {
		listed[i] = names.describe(i, g)
	}
	if *asJSON {
		return writeJSON(e.stdout, wthorListJSON{File: path, Year: int(games.GamesYear), Games: listed})
	}
	var b strings.Builder
	for _, g := range listed {
		fmt.Fprintf(&b, "%5d  %-26s %-22s %-22s %2d-%-2d  %s\n", g.Number, g.Tournament, g.Black, g.White, g.BlackScore, 64-g.BlackScore, g.Moves)
	}
	e.printf(e.stdout, "%s", b.String())
	return nil
}

// readWthorFile opens path and reads it with read within its size limit,
// turning failures into messages that name the file.
func readWthorFile[T any](path string, maxSize *byteSize, read func(io.Reader) (T, error)) (T, error) {
	var zero T
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return zero, outflank.Errorf(outflank.ENOTFOUND, "%s: no such file; give the path of a WTHOR file", path)
	}
	in, err := openLimited(path, kindWthor, maxSize)
	if err != nil {
		return zero, err
	}
	defer in.Close()
	v, err := read(in)
	if err := in.overLimit(); err != nil {
		return zero, err
	}
	if err != nil {
		if fe, ok := errors.AsType[*wthor.FormatError](err); ok {
			return zero, outflank.Errorf(outflank.EINVALID, "%s is not a valid WTHOR file: %s", path, strings.TrimPrefix(fe.Error(), "wthor: "))
		}
		return zero, outflank.Errorf(outflank.EINVALID, "cannot read %s: %v", path, err)
	}
	return v, nil
}

// wthorNames resolves the indices of a game record to names when the name
// files were given, and shows the index otherwise.
type wthorNames struct {
	players, tournaments *wthor.NameFile
}

func lookupName(f *wthor.NameFile, i uint16) string {
	if f != nil {
		if name, ok := f.Name(i); ok {
			return name
		}
	}
	return fmt.Sprintf("#%d", i)
}

func (n wthorNames) describe(i int, g wthor.Game) wthorGameJSON {
	return wthorGameJSON{
		Number:           i + 1,
		Tournament:       lookupName(n.tournaments, g.Tournament),
		Black:            lookupName(n.players, g.Black),
		White:            lookupName(n.players, g.White),
		BlackScore:       int(g.BlackScore),
		TheoreticalScore: int(g.TheoreticalScore),
		Moves:            othello.FormatTranscript(g.Moves),
	}
}

type wthorListJSON struct {
	File  string          `json:"file"`
	Year  int             `json:"year"`
	Games []wthorGameJSON `json:"games"`
}

type wthorGameJSON struct {
	Number           int    `json:"number"`
	Tournament       string `json:"tournament"`
	Black            string `json:"black"`
	White            string `json:"white"`
	BlackScore       int    `json:"black_score"`
	TheoreticalScore int    `json:"theoretical_score"`
	Moves            string `json:"moves"`
}
