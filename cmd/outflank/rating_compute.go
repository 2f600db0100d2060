package main

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"

	"outflank"
	"outflank/exchange"
	"outflank/rating"
	"outflank/wof"
	"outflank/words"
)

const ratingComputeUsage = "rating compute --results DIR --as-of DATE [--until DATE] [--exclude FILE ...] [--players-db FILE] [--all] [--json] [--format table|joueurs] [-o FILE]"

// runRatingCompute computes the rating list calculated on --as-of over the
// archive's tournaments up to --until, as the WOF computes it, and prints
// it: a table of the published list (every rated player with --all), the
// JSON document /api/ratings serves, or joueurs.txt.
//
// --format joueurs writes the WOF player database in PAPP's format with
// every player the directory knows (the player database and the archive's
// player lines): a player the computation rates gets his computed rating,
// active or not; one it cannot rate (no game, or unplaced: he won or lost
// every game, or his group is too small) keeps the database's rating when
// it had one, and gets none otherwise. Players are grouped by country and
// sorted by name, as in the WOF's file.
func runRatingCompute(e *env, args []string) error {
	fs := e.newFlags("rating compute", ratingComputeUsage)
	results := fs.String("results", "", "the `folder` of the WOF's .ELO result archive (one folder per year)")
	asOf := fs.String("as-of", "", "the calculation `date`, YYYY-MM-DD: its month sets each tournament's age weight and the list's 38-month window")
	until := fs.String("until", "", "the last tournament `date` included, YYYY-MM-DD (default: --as-of)")
	var exclude repeated
	fs.Var(&exclude, "exclude", "leave out the archive's `file` (its path in DIR, as 2026/20260315_46_Meijin.ELO, or its name): to reproduce a published list that lacked a late file; repeat for more")
	playersDB := fs.String("players-db", "", "the WOF player database (joueurs.txt) that names the players (default: joueurs.txt beside DIR, when there)")
	all := fs.Bool("all", false, "list every rated player, not only the active ones")
	asJSON := fs.Bool("json", false, "print one JSON document")
	format := fs.String("format", "table", "table, or joueurs (the WOF player database with the new ratings, for 'player add --players-db' and PAPP)")
	out := fs.String("o", "", "write to `file` instead of stdout")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || *results == "" || *asOf == "" {
		return usagef("usage: outflank %s", ratingComputeUsage)
	}
	if *format != "table" && *format != "joueurs" {
		return usagef("rating compute: --format %q: use table or joueurs", *format)
	}
	if *asJSON && *format == "joueurs" {
		return usagef("rating compute: --json and --format joueurs exclude each other")
	}
	opt := rating.Options{}
	if opt.AsOf, err = ratingDateFlag("as-of", *asOf); err != nil {
		return err
	}
	if opt.Until, err = ratingDateFlag("until", *until); err != nil {
		return err
	}
	if !opt.Until.IsZero() && opt.AsOf.Before(opt.Until) {
		return outflank.Errorf(outflank.EINVALID, "--until %s is after --as-of %s: a list counts no tournament played after its calculation date", opt.Until, opt.AsOf)
	}
	a, err := e.readRatingArchive(*results, *playersDB, exclude...)
	if err != nil {
		return err
	}
	l, err := rating.Compute(a.tournaments, opt)
	if err != nil {
		return outflank.Errorf(outflank.EINVALID, "%v", err)
	}
	var buf bytes.Buffer
	switch {
	case *asJSON:
		err = writeJSON(&buf, exchange.RatingListOf(l, a.dir, *all))
	case *format == "joueurs":
		err = wof.WritePlayerDB(&buf, ratedPlayerDB(l, a))
	default:
		buf.WriteString(ratingListText(l, a.dir, *all))
	}
	if err != nil {
		return err
	}
	if *out != "" {
		return writeFileAtomically(*out, 0o644, func(w io.Writer) error {
			_, err := w.Write(buf.Bytes())
			return err
		})
	}
	if *format == "joueurs" {
		_, err = dataOut(e.stdout).Write(buf.Bytes())
		return err
	}
	_, err = e.stdout.Write(buf.Bytes())
	return err
}

// ratingListText is the list as a table.
func ratingListText(l *rating.List, dir rating.Directory, all bool) string {
	doc := exchange.RatingListOf(l, dir, all)
	var b strings.Builder
	fmt.Fprintf(&b, "rating list calculated on %s, tournaments to %s: %s on the list, %d rated in all\n", doc.AsOf, doc.Until, words.Count(len(l.Published()), "player"), len(l.Players))
	fmt.Fprintf(&b, "%5s %7s  %-32s %-7s %6s %5s %5s  %s\n", "rank", "WOF id", "name", "country", "rating", "±", "games", "flags")
	for _, p := range doc.Players {
		rank := "-"
		if p.Rank > 0 {
			rank = fmt.Sprint(p.Rank)
		}
		var flags []string
		if p.Official {
			flags = append(flags, "official")
		}
		if p.Active {
			flags = append(flags, "active")
		} else {
			flags = append(flags, "inactive")
		}
		if p.Component > 0 {
			// Rated against a group of players the world's results do not
			// reach both ways: not comparable, not published.
			flags = append(flags, fmt.Sprintf("group-%d", p.Component))
		}
		fmt.Fprintf(&b, "%5s %7d  %-32s %-7s %6d %5d %5d  %s\n", rank, p.WOFID, p.Name, p.Country, p.Rating, p.Uncertainty, p.Games, strings.Join(flags, " "))
	}
	return b.String()
}

// ratedPlayerDB is the player database of --format joueurs: every player of
// the directory, with his computed rating, else the database's.
func ratedPlayerDB(l *rating.List, a *ratingArchive) *wof.PlayerDB {
	out := &wof.PlayerDB{}
	seen := map[int]bool{}
	if a.db != nil {
		for _, p := range a.db.Players {
			seen[p.ID] = true
			p.Line = 0
			out.Players = append(out.Players, p)
		}
	}
	for id, entry := range a.dir {
		if seen[id] {
			continue
		}
		surname, first, _ := strings.Cut(entry.Name, ",")
		out.Players = append(out.Players, wof.DBPlayer{ID: id, Surname: strings.TrimSpace(surname), Firstname: strings.TrimSpace(first), Country: entry.Country})
	}
	for k := range out.Players {
		p := &out.Players[k]
		if r, ok := l.Player(p.ID); ok {
			p.Rating, p.HasRating = r.Rounded(), true
		}
		// A name from an .ELO file may hold what joueurs.txt cannot.
		p.Surname = strings.ReplaceAll(p.Surname, "%", "")
		p.Firstname = strings.ReplaceAll(p.Firstname, "%", "")
	}
	sort.Slice(out.Players, func(i, j int) bool {
		p, q := out.Players[i], out.Players[j]
		if p.Country != q.Country {
			return p.Country < q.Country
		}
		if p.Surname != q.Surname {
			return p.Surname < q.Surname
		}
		if p.Firstname != q.Firstname {
			return p.Firstname < q.Firstname
		}
		return p.ID < q.ID
	})
	return out
}
