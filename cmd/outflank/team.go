package main

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"text/tabwriter"

	"outflank"
	"outflank/director"
	"outflank/team"
	"outflank/wof"
	"outflank/words"
)

const teamSelectUsage = "team select --national SLUG --gp CIRCUIT --size N [--world-final DATE] [--declined P ...] [--women-event SLUG] [--young-event SLUG] [--ratings FILE] [--json]"

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
	ratings := fs.String("ratings", "", "the active rating list, joueurs.txt as 'rating compute --format joueurs' writes it: rated players, highest first")
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
	if *ratings != "" {
		db, err := readPlayerDB(*ratings, maxSize)
		if err != nil {
			return err
		}
		o.Ratings = ratingOrder(db)
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

// ratingOrder is the rating list of a player database: its rated players,
// highest rating first, then by WOF id.
func ratingOrder(db *wof.PlayerDB) []team.Ranked {
	var rated []wof.DBPlayer
	for _, p := range db.Players {
		if p.HasRating {
			rated = append(rated, p)
		}
	}
	sort.SliceStable(rated, func(i, j int) bool {
		if rated[i].Rating != rated[j].Rating {
			return rated[i].Rating > rated[j].Rating
		}
		return rated[i].ID < rated[j].ID
	})
	out := make([]team.Ranked, len(rated))
	for i, p := range rated {
		name := director.DBName(p)
		out[i] = team.Ranked{Candidate: team.Candidate{Key: outflank.TeamKey(p.ID, name, p.Country), Name: name, Country: p.Country, WOFID: p.ID}, Rank: i + 1}
		if i > 0 && p.Rating == rated[i-1].Rating {
			out[i].Rank, out[i].Equal, out[i-1].Equal = out[i-1].Rank, true, true
		}
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
			fmt.Fprintf(&b, "%s: no one offered yet\n", c.Category)
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
	return b.String()
}

func wofText(id int) string {
	if id == 0 {
		return "-"
	}
	return itoa(id)
}
