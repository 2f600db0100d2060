package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"outflank"
	"outflank/exchange"
	"outflank/rating"
	"outflank/words"
)

const teamSelectUsage = "team select --national SLUG --gp CIRCUIT --size N [--world-final DATE] [--declined P ...] [--women-event SLUG] [--young-event SLUG] [--ratings FILE | --results DIR [--ratings-as-of DATE]] [--json]"

var teamCommands = map[string]command{
	"select": {usage: teamSelectUsage, help: "the order in which places in the UK team for the World championship are offered (BOF World championship 1-6)", run: runTeamSelect},
}

func runTeam(e *env, args []string) error { return e.subcommand("team", teamCommands, args) }

func runTeamSelect(e *env, args []string) error {
	fs := e.newFlags("team select", teamSelectUsage)
	var o outflank.TeamOptions
	fs.StringVar(&o.National, "national", "", "the National's `slug` (bof-national)")
	fs.StringVar(&o.Circuit, "gp", "", "the BOF Grand Prix `circuit` (bof-gp)")
	fs.IntVar(&o.Size, "size", 0, "the number of places in the regular team")
	fs.StringVar(&o.WorldFinal, "world-final", "", "the `date` of the World final (YYYY-MM-DD): residency of 183 days before it (World championship 1)")
	var declined repeated
	fs.Var(&declined, "declined", "a `player` (WOF id or exact name) who declined a place; repeat for more")
	fs.StringVar(&o.WomenEvent, "women-event", "", "the women's stand-alone qualifying event's `slug` (World championship 5)")
	fs.StringVar(&o.YoungEvent, "young-event", "", "the young players' stand-alone qualifying event's `slug` (World championship 5)")
	ratings := fs.String("ratings", "", "the rating `file`: the list as 'rating compute --json' (or /api/ratings) gives it; only its players on the published list (active) are offered places")
	results := fs.String("results", "", "the `folder` of the WOF's .ELO result archive: the rating list is computed from it (as 'rating compute')")
	ratingsAsOf := fs.String("ratings-as-of", "", "with --results: the `date` of the list, YYYY-MM-DD (default today)")
	asJSON := fs.Bool("json", false, "print one JSON document")
	maxSize := maxSizeFlag(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 || o.National == "" || o.Circuit == "" || o.Size < 1 {
		return usagef("usage: outflank %s", teamSelectUsage)
	}
	o.Declined = declined
	switch {
	case *ratings != "" && *results != "":
		return usagef("team select: --ratings and --results exclude each other: give the list, or the archive to compute it from")
	case *ratingsAsOf != "" && *results == "":
		return usagef("team select: --ratings-as-of goes with --results")
	case *ratings != "":
		doc, err := readRatingList(*ratings, maxSize)
		if err != nil {
			return err
		}
		o.Ratings, o.RatingList = teamRatingsOf(doc.Players), doc.AsOf
	case *results != "":
		asOf := today()
		if *ratingsAsOf != "" {
			if asOf, err = ratingDateFlag("ratings-as-of", *ratingsAsOf); err != nil {
				return err
			}
		}
		a, err := e.readRatingArchive(*results, "")
		if err != nil {
			return err
		}
		l, err := rating.Compute(a.tournaments, rating.Options{AsOf: asOf})
		if err != nil {
			return outflank.Errorf(outflank.EINVALID, "%v", err)
		}
		for _, p := range l.Players {
			r := exchange.RatingPlayerOf(p, a.dir)
			o.Ratings = append(o.Ratings, outflank.TeamRating{WOFID: r.WOFID, Name: r.Name, Country: r.Country, Rating: r.Rating,
				Rank: r.Rank, Active: r.Active, Component: r.Component, Official: r.Official, Uncertainty: r.Uncertainty, Last: p.Last.String()})
		}
		o.RatingList = asOf.String()
	}
	var sel *outflank.TeamSelection
	err = e.withStore(func(ctx context.Context, db database) error {
		sel, err = outflank.SelectTeam(ctx, db, db, db, o)
		return err
	})
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(e.stdout, sel)
	}
	for _, w := range sel.Warnings {
		e.printf(e.stderr, "warning: %s\n", w)
	}
	e.printf(e.stdout, "%s", teamText(sel))
	return nil
}

// readRatingList reads a computed rating list: the JSON document of
// `rating compute --json` and /api/ratings. A player database (joueurs.txt)
// is refused: it keeps inactive players' last ratings and does not say who
// is active, which World championship 3 needs.
func readRatingList(path string, maxSize *byteSize) (*exchange.RatingList, error) {
	in, err := openLimited(path, kindRatingList, maxSize)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	var doc exchange.RatingList
	dec := json.NewDecoder(in)
	err = dec.Decode(&doc)
	if err := in.overLimit(); err != nil {
		return nil, err
	}
	if err != nil || doc.AsOf == "" {
		return nil, outflank.Errorf(outflank.EINVALID, "%s is not a rating list (the JSON of 'outflank rating compute --json', or /api/ratings): World championship 3 offers places to the active rating list, and a player database such as joueurs.txt does not say who is active; compute the list with 'outflank rating compute --results DIR --as-of DATE --json -o list.json', or give team select --results DIR", path)
	}
	return &doc, nil
}

// teamRatingsOf is a computed list as team selection reads it.
func teamRatingsOf(players []exchange.RatingPlayer) []outflank.TeamRating {
	out := make([]outflank.TeamRating, 0, len(players))
	for _, p := range players {
		out = append(out, outflank.TeamRating{WOFID: p.WOFID, Name: p.Name, Country: p.Country, Rating: p.Rating, Rank: p.Rank, Active: p.Active, Component: p.Component, Official: p.Official, Uncertainty: p.Uncertainty})
	}
	return out
}

// teamText is the selection as a table.
func teamText(sel *outflank.TeamSelection) string {
	var b strings.Builder
	fmt.Fprintf(&b, "UK team, %s: %s, Grand Prix %s", words.Count(sel.Size, "place"), sel.National, sel.Circuit)
	if sel.WorldFinal != "" {
		fmt.Fprintf(&b, ", World final %s", sel.WorldFinal)
	}
	b.WriteString("\n")
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "order\tplayer\tcountry\tWOF\trule\treason")
	for _, o := range sel.Offers {
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\n", o.Order, o.Name, o.Country, wofText(o.WOFID), o.Rule, o.Reason)
	}
	w.Flush()
	if sel.ChairmanPlaces > 0 {
		fmt.Fprintf(&b, "places left for the chairman: %d (World championship 4)\n", sel.ChairmanPlaces)
	}
	for _, c := range sel.Categories {
		if c.Player == nil {
			why := "no one offered yet"
			if c.Reason != "" {
				why = c.Reason
			}
			fmt.Fprintf(&b, "%s: %s\n", c.Category, why)
			continue
		}
		fmt.Fprintf(&b, "%s: %s (%s: %s)\n", c.Category, c.Player.Name, c.Player.Rule, c.Player.Reason)
	}
	for _, p := range sel.Playoffs {
		var names []string
		for _, c := range p.Players {
			names = append(names, c.Name)
		}
		fmt.Fprintf(&b, "play-off required for the %s (%s): %s; %s\n", p.For, p.Rule, strings.Join(names, " v "), p.Reason)
	}
	for _, s := range sel.Skipped {
		fmt.Fprintf(&b, "skipped %s: %s\n", s.Name, s.Reason)
	}
	fmt.Fprintf(&b, "%s: the proposal %s: %s\n", sel.WOC.Rule, sel.WOC.Verdict, strings.Join(sel.WOC.Reasons, "; "))
	return b.String()
}

func wofText(id int) string {
	if id == 0 {
		return "-"
	}
	return itoa(id)
}
