package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"outflank"
	"outflank/rating"
	"outflank/wof"
	"outflank/words"
)

var ratingCommands = map[string]command{
	"compute": {usage: ratingComputeUsage, help: "compute the WOF rating list from the result archive", run: runRatingCompute},
	"history": {usage: ratingHistoryUsage, help: "a player's rating on each list, as a table, JSON or an SVG plot", run: runRatingHistory},
	"event":   {usage: ratingEventUsage, help: "each player's expected and actual score, performance and rating change at a tournament", run: runRatingEvent},
}

func runRating(e *env, args []string) error {
	return e.subcommand("rating", ratingCommands, args)
}

// ratingArchive is the WOF's result archive, read, with the names of its
// players.
type ratingArchive struct {
	files       []wof.ArchiveFile
	tournaments []rating.Tournament
	dir         rating.Directory
	db          *wof.PlayerDB // nil when no player database was found
}

// readRatingArchive reads the .ELO files under folder and the player
// database that names their players: playersDB, else the joueurs.txt
// beside folder when there is one. Files that cannot be read are warnings:
// the archive holds thousands, and one bad file must not stop the list.
//
// exclude names files of the archive to leave out (rating.Without): each
// is said on stderr, so that a list reproduced without a late file says
// which.
func (e *env) readRatingArchive(folder, playersDB string, exclude ...string) (*ratingArchive, error) {
	info, err := os.Stat(folder)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, outflank.Errorf(outflank.ENOTFOUND, "%s: no such folder: give --results the folder of the WOF's .ELO result archive (its year folders)", folder)
	case err != nil:
		return nil, outflank.Errorf(outflank.EINVALID, "%s: %v: give --results a folder you can read", folder, err)
	case !info.IsDir():
		return nil, outflank.Errorf(outflank.EINVALID, "%s is not a folder: give --results the folder of the WOF's .ELO result archive (its year folders)", folder)
	}
	files, problems, err := wof.ReadArchive(os.DirFS(folder), ".")
	if err != nil {
		return nil, outflank.Errorf(outflank.EINVALID, "%s: cannot list the folder: %v", folder, err)
	}
	if len(problems) > 0 {
		var some []string
		for _, p := range problems[:min(3, len(problems))] {
			some = append(some, p.Error())
		}
		more := ""
		if len(problems) > 3 {
			more = fmt.Sprintf("; and %d more", len(problems)-3)
		}
		e.printf(e.stderr, "warning: %s of %s could not be read and are left out: %s%s\n", words.Count(len(problems), "file"), folder, strings.Join(some, "; "), more)
	}
	if len(files) == 0 {
		return nil, outflank.Errorf(outflank.EINVALID, "%s holds no readable .ELO file: give --results the folder of the WOF's result archive", folder)
	}
	if len(exclude) > 0 {
		kept, err := rating.Without(files, exclude)
		if err != nil {
			return nil, outflank.Errorf(outflank.EINVALID, "--exclude %v", err)
		}
		e.printf(e.stderr, "left out as asked: %s\n", strings.Join(exclude, ", "))
		files = kept
	}
	a := &ratingArchive{files: files}
	a.tournaments, _ = rating.FromArchive(files)
	if playersDB == "" {
		beside := filepath.Join(folder, "..", "joueurs.txt")
		if _, err := os.Stat(beside); err == nil {
			playersDB = beside
		}
	}
	if playersDB != "" {
		if a.db, err = readPlayerDB(playersDB, new(byteSize)); err != nil {
			return nil, err
		}
		e.printf(e.stderr, "%s from %s; names from %s\n", words.Count(len(files), "tournament"), folder, playersDB)
	} else {
		e.printf(e.stderr, "%s from %s; names from the .ELO files (no joueurs.txt beside the folder: --players-db FILE names the players)\n", words.Count(len(files), "tournament"), folder)
	}
	a.dir = rating.NewDirectory(files, a.db)
	return a, nil
}

// ratingDateFlag reads a date flag's value, YYYY-MM-DD; "" gives the zero
// Date.
func ratingDateFlag(name, value string) (rating.Date, error) {
	if value == "" {
		return rating.Date{}, nil
	}
	d, err := rating.ParseDate(value)
	if err != nil {
		return rating.Date{}, outflank.Errorf(outflank.EINVALID, "--%s %q: give a day of the calendar written YYYY-MM-DD", name, value)
	}
	return d, nil
}

// today is the current day where the program runs.
func today() rating.Date {
	y, m, d := time.Now().Date()
	return rating.Date{Year: y, Month: int(m), Day: d}
}
