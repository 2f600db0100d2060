// Package bigfile writes large, realistic input files for the benchmarks and
// the size and memory tests of the importers: a players CSV and a WOF .ELO
// result file of any size. The files are deterministic, so timings compare
// from run to run.
package bigfile

import (
	"bytes"
	"fmt"
	"strings"
)

var (
	countries = []string{"JPN", "FRA", "GBR", "NLD", "ITA", "USA", "CHN", "BEL", "DEU", "SWE", "THA", "BRA"}
	surnames  = []string{"Tamaru", "Berg", "Nguyen", "Okafor", "Rossi", "Dubois", "Smith", "Kim", "Silva", "Müller", "Łukasz", "Ōta"}
	firsts    = []string{"Hideshi", "Anna", "Van", "Ada", "Marco", "Léa", "John", "Min", "Rui", "Jürgen", "Zoë", "Ken"}
)

// PlayersCSV returns a players CSV of n players with every column, as a
// director's spreadsheet gives it: quoted "Surname, First" names (some
// accented), countries, ratings, genders, birth dates, WOF ids, teams and
// group A marks. Names and WOF ids are unique.
func PlayersCSV(n int) []byte {
	var b bytes.Buffer
	b.Grow(n * 72)
	b.WriteString("name,country,rating,gender,born,wof_id,team,group_a\n")
	for i := 1; i <= n; i++ {
		c := countries[i%len(countries)]
		gender := "m"
		if i%3 == 0 {
			gender = "f"
		}
		groupA := "no"
		if i%50 == 0 {
			groupA = "yes"
		}
		fmt.Fprintf(&b, "\"%s %d, %s\",%s,%d,%s,%d-%02d-%02d,%d,%s,%s\n",
			surnames[i%len(surnames)], i, firsts[(i/7)%len(firsts)], c, 1000+(i*37)%1600, gender,
			1950+i%60, 1+i%12, 1+i%28, 100000+i, c, groupA)
	}
	return b.Bytes()
}

// ELOPlayers is the number of players of ELO(games): one for every six
// games, at least 10, an even number, so that they play 12 rounds, as in a
// big online Swiss: 16,666 players make 100,000 games.
func ELOPlayers(games int) int {
	return max(10, games/6) &^ 1
}

// ELO returns a WOF .ELO file of games games between ELOPlayers(games)
// players, in rounds of players/2 games, written as real files are: the
// four header lines, a column heading, a player line per player (some new
// to the WOF, some accented, in UTF-8), "%Round: N" markers, up to three
// games a line, some with the colour W or none, some result-only, a few
// placeholder discs, and two playoff games after "%%Added results".
func ELO(games int) []byte {
	players := ELOPlayers(games)
	perRound := players / 2
	var b bytes.Buffer
	b.Grow(200 + players*56 + games*30)
	b.WriteString("%%Tournament: Big Online Open\n%%Country: World\n%%Date: 01/08/2026 - 03/08/2026\n%%Sender: bigfile\n")
	b.WriteString("%%Creator: PAPP 1.33\n%        ID, NAME, Firstname, COUNTRY, score, disc-count\n")
	for i := 1; i <= players; i++ {
		plus := ""
		if i%97 == 0 {
			plus = "+"
		}
		fmt.Fprintf(&b, "%%_%% %s%d, %s%d, %s, %s, %d, %d, %d\n", plus, id(i), strings.ToUpper(surnames[i%len(surnames)]), i,
			firsts[(i/7)%len(firsts)], countries[i%len(countries)], i%8, 200+i%300, 1200+(i*37)%1400)
	}
	played := 0
	for r := 1; played < games-2; r++ {
		fmt.Fprintf(&b, "%%Round: %d\n", r)
		for t := 0; t < perRound && played < games-2; t++ {
			a, c := (t+r)%players+1, (t+r+perRound)%players+1
			writeGame(&b, a, c, played)
			played++
			if played%3 == 0 || t == perRound-1 || played == games-2 {
				b.WriteByte('\n')
			} else {
				b.WriteString("   ")
			}
		}
	}
	b.WriteString("%%Added results\n")
	for ; played < games; played++ {
		writeGame(&b, 1, 2, played)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// writeGame writes the k-th game, between players a and c.
func writeGame(b *bytes.Buffer, a, c, k int) {
	first := 20 + (k*7)%25
	second := 64 - first - k%3 // empty squares at the end, on the loser's side
	op := byte('>')
	switch {
	case first < 32:
		op, second = '<', 64-first
	case first == 32:
		op, second = '=', 32
	}
	colour := " B"
	switch k % 5 {
	case 1:
		colour = " W"
	case 4:
		colour = ""
	}
	switch {
	case k%11 == 0: // result only
		fmt.Fprintf(b, "%7d %c %7d%s", id(a), op, id(c), colour)
	case k%101 == 0: // a placeholder: the operator counts
		fmt.Fprintf(b, "%7d (32)>(32) %7d%s", id(a), id(c), colour)
	default:
		fmt.Fprintf(b, "%7d (%02d)%c(%02d) %7d%s", id(a), first, op, second, id(c), colour)
	}
}

// id is the WOF id of the i-th player.
func id(i int) int { return 200000 + i }
