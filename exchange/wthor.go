package exchange

import (
	"fmt"
	"time"

	"outflank"
	"outflank/othello"
	"outflank/othello/wthor"
)

// Wthor is a tournament's games as WTHOR files: the games, the players'
// names and the tournament's name, with what could not be written.
type Wthor struct {
	Games       *wthor.GameFile
	Players     *wthor.NameFile
	Tournaments *wthor.NameFile
	// Skipped lists the games left out, each with why ("round 2 table 3
	// (Ann v Bob): no transcript").
	Skipped []string
	// Notes lists the finished games written with the board's score where
	// the result that counts differs (a time default, a penalty).
	Notes []string
	// Numbers gives, for each game written, its round and table.
	Numbers [][2]int
}

// Name lengths: a WTHOR.JOU record holds 19 Latin-1 characters, a
// WTHOR.TRN record 25 (othello/wthor).
const (
	wthorPlayerChars     = wthor.PlayerRecordSize - 1
	wthorTournamentChars = wthor.TournamentRecordSize - 1
)

// WriteWthor turns t's games with a transcript and a result into WTHOR
// files made at now. Player i of the .JOU file is t's i-th player; the
// .TRN file has one name, t's. A game's black score is, for a finished
// transcript, the official score of its final position (WTHOR records the
// game's score, and 'game wthor --check' holds it to the board); for a
// transcript that stops early (lost on time, adjourned), the score that
// counts. Outflank does not solve positions: the header's depth is 0, at
// which the theoretical score is the final one, and each game's
// theoretical score is its black score. Names longer than a record holds
// are cut, and characters outside Latin-1 written "?".
func WriteWthor(t *outflank.Tournament, now time.Time) (*Wthor, error) {
	w := &Wthor{
		Games:       &wthor.GameFile{Header: wthor.Header{BoardSize: 8}},
		Players:     &wthor.NameFile{},
		Tournaments: &wthor.NameFile{Names: []string{wthorName(t.Name, wthorTournamentChars)}},
	}
	for _, h := range []*wthor.Header{&w.Games.Header, &w.Players.Header, &w.Tournaments.Header} {
		h.SetCreationDate(now)
	}
	if d, err := time.Parse(time.DateOnly, t.Date); err == nil {
		w.Games.GamesYear = uint16(d.Year())
	}
	index := make(map[int]uint16, len(t.Players))
	for i, p := range t.Players {
		if i > 0xFFFF {
			return nil, outflank.Errorf(outflank.EINVALID, "%s has %d players: a WTHOR player file holds at most 65536", t.Slug, len(t.Players))
		}
		index[p.ID] = uint16(i)
		w.Players.Names = append(w.Players.Names, wthorName(p.Name, wthorPlayerChars))
	}
	for _, r := range t.Rounds {
		for _, g := range r.Games {
			where := fmt.Sprintf("round %d table %d (%s v %s)", r.Number, g.Table, t.Describe(g.Black), t.Describe(g.White))
			res := g.Result
			switch {
			case res == nil:
				w.Skipped = append(w.Skipped, where+": no result yet")
				continue
			case res.Moves == "":
				w.Skipped = append(w.Skipped, where+": no transcript")
				continue
			}
			moves, err := othello.ParseTranscript(res.Moves)
			if err != nil {
				w.Skipped = append(w.Skipped, fmt.Sprintf("%s: transcript unreadable: %v", where, err))
				continue
			}
			game, err := othello.Replay(moves)
			if err != nil {
				w.Skipped = append(w.Skipped, fmt.Sprintf("%s: transcript illegal: %v", where, err))
				continue
			}
			black := res.BlackDiscs
			if game.Finished() {
				if s := game.Final().OfficialScore(); s.Black != black {
					w.Notes = append(w.Notes, fmt.Sprintf("%s: written %d-%d, the board's score; the result that counts is %d-%d", where, s.Black, s.White, res.BlackDiscs, res.WhiteDiscs))
					black = s.Black
				}
			} else if res.DiscsUnknown {
				w.Skipped = append(w.Skipped, where+": transcript unfinished and no score")
				continue
			}
			w.Games.Games = append(w.Games.Games, wthor.Game{Tournament: 0, Black: index[g.Black], White: index[g.White],
				BlackScore: uint8(black), TheoreticalScore: uint8(black), Moves: moves})
			w.Numbers = append(w.Numbers, [2]int{r.Number, g.Table})
		}
	}
	return w, nil
}

// wthorName fits name in a record of max Latin-1 characters: characters
// outside Latin-1 (and NULs) become "?", and the name is cut.
func wthorName(name string, max int) string {
	out := make([]rune, 0, max)
	for _, r := range name {
		if len(out) == max {
			break
		}
		if r == 0 || r > 0xFF {
			r = '?'
		}
		out = append(out, r)
	}
	return string(out)
}
