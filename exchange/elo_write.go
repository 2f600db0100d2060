package exchange

import (
	"fmt"
	"io"
	"strings"
	"time"

	"outflank"
	"outflank/rules"
	"outflank/wof"
)

// WriteELO writes t as a WOF .ELO rating file: the header (its %%Sender:
// and %%Country: lines as ELOHeaderLines gives them, empty when it cannot:
// see MissingELOHeader), a line per player
// with points, disc count and rating, the rounds' games under %Round
// markers, and the playoff and final games after %%Added results.
// Forfeits and unplayed games are left out (no game was played to rate),
// and so is every game when t's games are not rated (t.Unrated: BOF
// Ratings 1-3): the file then carries the players and no games;
// results with unknown discs are written result-only ("ID > ID").
// Every name can be written: eloNameFields makes the SURNAME and Firstname
// fields of names with several commas or a "%".
//
// Every player line needs the player's id: a player new to the WOF is
// written "+ID" with the id his federation gave him (player edit
// --wof-id), as every new player of the WOF's archive is (BOF's
// +100041, Italy's +40155...). An id is never made up: a tournament with a
// player without one is refused (NoWOFID) until he has one.
func WriteELO(w io.Writer, t *outflank.Tournament) error {
	if err := NoWOFID(t); err != nil {
		return err
	}
	sender, country := ELOHeaderLines(t)
	f := &wof.File{Tournament: eloTournamentHeader(t.Name, t.Slug), Country: country, Sender: sender, Creator: "Outflank"}
	if d, err := time.Parse(time.DateOnly, t.Date); err == nil {
		f.DateFrom = wof.Date{Year: d.Year(), Month: int(d.Month()), Day: d.Day()}
	}
	if d, err := time.Parse(time.DateOnly, t.Settings.LastDay); err == nil {
		f.DateTo = wof.Date{Year: d.Year(), Month: int(d.Month()), Day: d.Day()}
	}
	ids := map[int]int{}
	totals := t.Totals(0)
	// Players in final ranking order, as the rating list expects.
	for _, pid := range t.RankOrder() {
		p, _ := t.Player(pid)
		wofID, isNew := p.WOFID, p.NewToWOF
		ids[p.ID] = wofID
		surname, first := eloNameFields(p.Name, p.ID)
		tot := totals[p.ID]
		points, discs := tot.Points, tot.Discs
		line := wof.Player{ID: wofID, New: isNew, Surname: surname, Firstname: first,
			Country: p.Country, Score: &points, Discs: &discs}
		if p.Rating != 0 {
			rating := p.Rating
			line.Rating = &rating
		}
		f.Players = append(f.Players, line)
	}
	for _, r := range t.Rounds {
		games := eloGames(t, r, ids)
		switch r.Stage {
		case outflank.StageRoundRobin, outflank.StageSwiss:
			f.Rounds = append(f.Rounds, wof.Round{Number: r.Number, Games: games})
		default:
			f.Added = append(f.Added, games...)
		}
	}
	return wof.Write(w, f)
}

// eloGames writes a round's rated games, black first.
func eloGames(t *outflank.Tournament, r outflank.Round, ids map[int]int) []wof.Game {
	var games []wof.Game
	for _, g := range r.Games {
		if !t.GameRated(g) {
			continue
		}
		res := g.Result
		game := wof.Game{First: ids[g.Black], Second: ids[g.White], FirstColor: wof.Black, Result: wof.Draw}
		switch black, white := res.Points(); {
		case black > white:
			game.Result = wof.Win
		case white > black:
			game.Result = wof.Loss
		}
		if !res.DiscsUnknown {
			b, w := res.BlackDiscs, res.WhiteDiscs
			game.FirstDiscs, game.SecondDiscs = &b, &w
		} else {
			game.FirstColor = wof.ColorUnknown
		}
		games = append(games, game)
	}
	return games
}

// ELOHeaderLines returns the %%Sender: and %%Country: lines of t's .ELO
// file: the settings' (ELOSender, ELOCountry, an imported file's own), or
// else the federation whose rules the event follows (ELOSenderDefault) and
// the country the games are played in (Settings.Place, the ruleset's when
// not set: the UK for the BOF's), named as the WOF's files name it
// (ELOCountryName); a WOC without a place is "World", as the header of
// every WOC from 1991 to 2025 says. Either is "" when nothing gives it.
func ELOHeaderLines(t *outflank.Tournament) (sender, country string) {
	sender, country = t.Settings.ELOSender, t.Settings.ELOCountry
	if sender == "" {
		sender = ELOSenderDefault(t.Rules)
	}
	if country == "" {
		switch place := t.RatingConditions().Place; {
		case place != "":
			country, _ = ELOCountryName(place)
		case t.Rules == rules.WOC:
			country = "World"
		}
	}
	return sender, country
}

// federations names the federation whose rules a ruleset is: its events
// are its to send to the WOF (BOF rules 9: the Federation organises its
// tournaments; the WOC is the WOF's own). The EGP's are sent by the
// federation of the country that holds them, and a custom event's by its
// organiser: no default.
var federations = map[rules.ID]string{
	rules.BOFRegional: "British Othello Federation",
	rules.BOFNational: "British Othello Federation",
	rules.AOF:         "Australian Othello Federation",
	rules.WOC:         "World Othello Federation",
}

// ELOSenderDefault returns the %%Sender: line of an event under ruleset
// id whose settings name no sender: the federation whose rules it follows,
// or "" when that is not known.
func ELOSenderDefault(id rules.ID) string { return federations[id] }

// MissingELOHeader lists the lines of the .ELO header that ELOHeaderLines
// leaves empty for t ("sender", "country"): the WOF's rating officer needs
// to know who sent the file and where the event was held.
func MissingELOHeader(t *outflank.Tournament) []string {
	var missing []string
	sender, country := ELOHeaderLines(t)
	if sender == "" {
		missing = append(missing, "sender")
	}
	if country == "" {
		missing = append(missing, "country")
	}
	return missing
}

// UnratedGames counts the games of t played to a result that WriteELO
// leaves out because t's games are not rated (t.Unrated).
func UnratedGames(t *outflank.Tournament) int {
	if len(t.Unrated()) == 0 {
		return 0
	}
	n := 0
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			if res := g.Result; res != nil && res.Outcome != outflank.OutcomeForfeit && res.Outcome != outflank.OutcomeUnplayed {
				n++
			}
		}
	}
	return n
}

// maxNamed is how many players without a WOF id NoWOFID names.
const maxNamed = 10

// NoWOFID refuses the .ELO file of t when a player has no WOF id, naming
// them and saying how to give each one: the WOF rates a player by his id,
// and a new player's is the one his federation gives him from the range
// the WOF allots it, never one Outflank makes up.
func NoWOFID(t *outflank.Tournament) error {
	var names []string
	for _, p := range t.Players {
		if p.WOFID == 0 {
			names = append(names, t.Describe(p.ID))
		}
	}
	if len(names) == 0 {
		return nil
	}
	n, more := len(names), ""
	if n > maxNamed {
		more = fmt.Sprintf("; and %d more", n-maxNamed)
		names = names[:maxNamed]
	}
	verb := "has"
	if n > 1 {
		verb = "have"
	}
	return outflank.Errorf(outflank.EINVALID, "the .ELO file needs every player's WOF id, and %s %s none (%s%s): give each his WOF id or, for a player new to the WOF, the id your federation gives him ('outflank player edit %s PLAYER --wof-id N'; he stays marked new, +N, until the WOF's player database lists him). No id is made up",
		plural(n, "player"), verb, strings.Join(names, "; "), more, t.Slug)
}
