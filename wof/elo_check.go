package wof

import (
	"fmt"
	"strconv"
	"strings"
)

// checkPlayers compares the games with the player lines: ids that play but
// have no line, and lines whose id plays no game. A file without player
// lines (results only, as the oldest files are) is not checked: every id
// refers to the WOF database.
func (p *eloReader) checkPlayers() {
	if len(p.f.Players) == 0 {
		return
	}
	games := map[int]int{}
	firstRef := map[int]gameRef{}
	var unknown []int
	for _, ref := range p.refs {
		for _, id := range ref.ids() {
			games[id]++
			if _, known := p.players[id]; !known && games[id] == 1 {
				unknown = append(unknown, id)
				firstRef[id] = ref
			}
		}
	}
	for _, id := range unknown {
		ref := firstRef[id]
		p.ws.add(ref.line, WarnUnknownPlayer, ref.text, "unknown player id %d in a game: not in the player lines (%s, first here)", id, plural(games[id], "game"))
	}
	for _, pl := range p.f.Players {
		if games[pl.ID] == 0 && len(p.refs) > 0 {
			p.ws.add(pl.Line, WarnNoGames, p.playerText[pl.ID], "player %d plays no game in the file: kept", pl.ID)
		}
	}
}

// checkRounds looks for a player who plays twice in one marked round. The
// unmarked first round and the added results are not checked: they often
// hold several rounds, or matches of several games, without markers.
func (p *eloReader) checkRounds() {
	// played maps a round index and an id to the line of the id's first
	// game in the round. The games of a round come together in refs, so it
	// holds one round at a time.
	played := map[[2]int]int{}
	round := -1
	for _, ref := range p.refs {
		if ref.round < 0 || p.f.Rounds[ref.round].Line == 0 {
			continue
		}
		if ref.round != round {
			clear(played)
			round = ref.round
		}
		var again []string
		for _, id := range ref.ids() {
			key := [2]int{ref.round, id}
			if first, seen := played[key]; seen {
				again = append(again, fmt.Sprintf("player %d (line %d)", id, first))
			} else {
				played[key] = ref.line
			}
		}
		if len(again) > 0 {
			p.ws.add(ref.line, WarnRound, ref.text, "%s already played in %s: game kept (playoff games belong after %%%%Added results)", strings.Join(again, " and "), roundName(p.f.Rounds[ref.round]))
		}
	}
}

// ids returns the ids of the game's players, once each: a player who plays
// himself (a warning of its own) is one player.
func (ref gameRef) ids() []int {
	if ref.first == ref.second {
		return []int{ref.first}
	}
	return []int{ref.first, ref.second}
}

// plural returns "1 game" or "n games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
