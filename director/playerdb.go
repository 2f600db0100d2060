package director

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"outflank"
	"outflank/wof"
)

// Registering players from the WOF player database (joueurs.txt): one
// path for the command line ('player add --players-db', 'player import
// --players-db') and the console (the search, the by-hand form, a CSV
// upload), so that a player comes in with the same details whichever way
// the director takes.

// FillFromPlayerDB completes p, given with a WOF id, from db, the player
// database read from the file source: the name, country and rating the
// director left out, as the database has them (a rating of 0 is
// "unrated": the database's is taken). It returns what the log adds to
// the registration (" (WOF 3066, from joueurs.txt)") and warnings: a name
// typed that is not the database's for that id. An id the database lacks
// is refused. A player without a WOF id is left as given.
func FillFromPlayerDB(p *outflank.Player, db *wof.PlayerDB, source string) (from string, warnings []string, err error) {
	if p.WOFID == 0 {
		return "", nil, nil
	}
	found, ok := db.ByID(p.WOFID)
	if !ok {
		return "", nil, outflank.Errorf(outflank.EINVALID, "WOF id %d is not in the player database (%s): check the number, or leave the WOF id out", p.WOFID, source)
	}
	if p.Name == "" {
		p.Name = DBName(found)
	} else if !slices.Equal(sortedWords(p.Name), sortedWords(DBName(found))) {
		warnings = append(warnings, fmt.Sprintf("WOF id %d is %s (%s) in %s, registered here as %s: check the id is this player's", p.WOFID, DBName(found), found.Country, source, p.Name))
	}
	if p.Country == "" {
		p.Country = found.Country
	}
	if p.Rating == 0 && found.HasRating {
		p.Rating = found.Rating
	}
	return fmt.Sprintf(" (WOF %d, from %s)", p.WOFID, source), warnings, nil
}

// FillPlayersFromDB completes each player of a file (named file) that
// gives a WOF id, as FillFromPlayerDB does; a row whose id the database
// lacks is refused, naming the row, and nothing is registered.
func FillPlayersFromDB(players []outflank.Player, db *wof.PlayerDB, file, source string) ([]string, error) {
	var warnings []string
	for i := range players {
		_, ws, err := FillFromPlayerDB(&players[i], db, source)
		if err != nil {
			return nil, outflank.Errorf(outflank.ErrorCode(err), "%s, player %d: %s; no player was imported", file, i+1, outflank.ErrorMessage(err))
		}
		for _, w := range ws {
			warnings = append(warnings, fmt.Sprintf("%s, player %d: %s", file, i+1, w))
		}
	}
	return warnings, nil
}

// LookUpName finds the player p, given by name and no WOF id, in db (read
// from source), as 'player add --players-db' does: the one player the
// name can only mean (wof.Rank, wof.Unrivalled), named so in full or by
// surname alone, is taken with his WOF id and the WOF's spelling (the rest
// FillFromPlayerDB fills in). Several players the name matches equally
// well (namesakes: "Marconi") are refused, each listed with his WOF id,
// the likeliest first (pref: the event's country); so are players whose
// names are only close. found reports whether p was found; nobody close
// means a player new to the WOF.
func LookUpName(p *outflank.Player, db *wof.PlayerDB, source string, pref wof.Preference) (found bool, err error) {
	ranked := db.Rank(p.Name, pref)
	if len(ranked) == 0 {
		return false, nil
	}
	best := ranked[0].Quality
	if wof.Unrivalled(ranked) && best >= wof.Surname {
		// Registered under the WOF's spelling, as the rating list knows them.
		p.WOFID, p.Name = ranked[0].ID, DBName(ranked[0].DBPlayer)
		return true, nil
	}
	if best >= wof.Surname {
		equal := ranked
		for i, f := range ranked {
			if f.Quality < best {
				equal = ranked[:i]
				break
			}
		}
		return false, outflank.Errorf(outflank.EINVALID, "%d players of %s are named %q:\n%s\nGive the one you mean with --wof-id N", len(equal), source, p.Name, DBLines(equal, 10))
	}
	some := "1 player has a close name"
	if len(ranked) > 1 {
		some = fmt.Sprintf("%d players have close names", len(ranked))
	}
	return false, outflank.Errorf(outflank.EINVALID, "nobody in %s is named %q, but %s:\n%s\nGive the one you mean with --wof-id N, or add --new if %s is not in the database",
		source, p.Name, some, DBLines(ranked, 10), p.Name)
}

// DBLines lists the players found, at most most of them, one a line:
// "     36  MARCONI, Francesco (ITA, 2076)", then how many more.
func DBLines(found []wof.Found, most int) string {
	var lines []string
	for _, f := range found[:min(most, len(found))] {
		lines = append(lines, "  "+DBLine(f.DBPlayer))
	}
	if len(found) > most {
		lines = append(lines, fmt.Sprintf("  ... and %d more", len(found)-most))
	}
	return strings.Join(lines, "\n")
}

// DBLine is a database player on one line: "280016  ACUNA, Ricardo (ARG,
// 1714)", "unrated" for a player without a rating.
func DBLine(p wof.DBPlayer) string {
	rating := "unrated"
	if p.HasRating {
		rating = strconv.Itoa(p.Rating)
	}
	return fmt.Sprintf("%7d  %s (%s, %s)", p.ID, DBName(p), p.Country, rating)
}

// DBName is a database player's name as Outflank stores it: "SURNAME,
// Firstname", or the surname alone ("EDAX (Delorme)").
func DBName(p wof.DBPlayer) string {
	if p.Firstname == "" {
		return p.Surname
	}
	return p.Surname + ", " + p.Firstname
}

// sortedWords are the words of a name, folded (wof.FoldWords), in order:
// "Flavio Marconi" and "MARCONI, Flavio" have the same.
func sortedWords(name string) []string {
	return slices.Sorted(slices.Values(wof.FoldWords(name)))
}

// PreferenceFor is what puts first, among namesakes found in the player
// database, the players t more likely has: those of the country it is
// held in (its place, or its ruleset's).
func PreferenceFor(t *outflank.Tournament) wof.Preference {
	return wof.Preference{Country: t.RatingConditions().Place}
}
