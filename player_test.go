package outflank

import (
	"strings"
	"testing"

	"outflank/rules"
)

func newTestTournament(t *testing.T) *Tournament {
	t.Helper()
	tour, err := NewTournament("t", "Test Open", "", rules.WOC, 5)
	if err != nil {
		t.Fatal(err)
	}
	return tour
}

// TestAddPlayerNormalises: names are stored normalised and countries as
// three letters, whatever path the player comes by (they all call
// AddPlayer).
func TestAddPlayerNormalises(t *testing.T) {
	for _, tc := range []struct {
		in   Player
		want Player
	}{
		{Player{Name: "  Berg,  Anna ", Country: " swe", Team: " Team  North "}, Player{Name: "Berg, Anna", Country: "SWE", Team: "Team North"}},
		{Player{Name: "Dubois, Le\u0301a", Country: "BE"}, Player{Name: "Dubois, L\u00e9a", Country: "BEL"}},
		{Player{Name: "Tamaru", Country: "jp"}, Player{Name: "Tamaru", Country: "JPN"}},
		{Player{Name: "Smith", Country: "gb"}, Player{Name: "Smith", Country: "GBR"}},
		{Player{Name: "Jones", Country: "UK"}, Player{Name: "Jones", Country: "GBR"}},
		{Player{Name: "Perez", Country: "URU"}, Player{Name: "Perez", Country: "URU"}}, // a federation's own code
		{Player{Name: "\u200f\u05db\u05d4\u05df\u200f"}, Player{Name: "\u05db\u05d4\u05df"}},
	} {
		tour := newTestTournament(t)
		got, err := tour.AddPlayer(tc.in)
		if err != nil {
			t.Errorf("AddPlayer(%+v): %v", tc.in, err)
			continue
		}
		if got.Name != tc.want.Name || got.Country != tc.want.Country || got.Team != tc.want.Team {
			t.Errorf("AddPlayer(%+v) stored %q %q %q; want %q %q %q", tc.in, got.Name, got.Country, got.Team, tc.want.Name, tc.want.Country, tc.want.Team)
		}
	}
}

func TestAddPlayerRefuses(t *testing.T) {
	for _, tc := range []struct {
		in   Player
		want string
	}{
		{Player{Name: "Evil\x1b[31mRed"}, `player name "Evil\x1b[31mRed": contains a control character (U+001B) — remove it`},
		{Player{Name: "Anna \u202egpj.exe"}, `player name "Anna \u202egpj.exe": contains a bidirectional text control (U+202E)`},
		{Player{Name: "Smith\nJohn"}, `player name "Smith\nJohn": contains a line break (U+000A)`},
		{Player{Name: "\u200b\u200d"}, `player name "\u200b\u200d": has no visible character`},
		{Player{Name: "   "}, "a player needs a name"},
		{Player{Name: strings.Repeat("x", 101)}, "is 101 characters long — shorten it to at most 100"},
		{Player{Name: "Berg, Anna", Team: "North\x1b"}, `team name "North\x1b" of Berg, Anna: contains a control character (U+001B)`},
		{Player{Name: "Berg, Anna", Team: strings.Repeat("t", 101)}, "is 101 characters long"},
		{Player{Name: "Berg, Anna", Country: "XX"}, `country "XX" of Berg, Anna is not an ISO 3166 two-letter code`},
		{Player{Name: "Berg, Anna", Country: "France"}, `country "FRANCE" of Berg, Anna: give a three-letter code`},
		{Player{Name: "Berg, Anna", Country: "J"}, `country "J" of Berg, Anna: give a three-letter code`},
	} {
		_, err := newTestTournament(t).AddPlayer(tc.in)
		if ErrorCode(err) != EINVALID || !strings.Contains(ErrorMessage(err), tc.want) {
			t.Errorf("AddPlayer(%q): %v; want %s", tc.in.Name, err, tc.want)
		}
		if strings.ContainsAny(ErrorMessage(err), "\x1b\n\u202e\u200b") {
			t.Errorf("AddPlayer(%q): the message %q passes a control character on", tc.in.Name, ErrorMessage(err))
		}
	}
}

func TestTournamentName(t *testing.T) {
	if tour, err := NewTournament("t", "  Dutch   Open\u00a02026 ", "", rules.WOC, 5); err != nil || tour.Name != "Dutch Open 2026" {
		t.Errorf("NewTournament: %+v, %v", tour, err)
	}
	long := strings.Repeat("n", 200)
	if tour, err := NewTournament("t", long, "", rules.WOC, 5); err != nil || tour.Name != long {
		t.Errorf("a 200-character name: %v", err)
	}
	for name, want := range map[string]string{
		long + "n":       "is 201 characters long — shorten it to at most 200",
		"Open\x1b]0;pwn": `tournament name "Open\x1b]0;pwn": contains a control character (U+001B)`,
		"Open\u2066":     "contains a bidirectional text control (U+2066)",
		"":               "the tournament needs a name",
	} {
		_, err := NewTournament("t", name, "", rules.WOC, 5)
		if ErrorCode(err) != EINVALID || !strings.Contains(ErrorMessage(err), want) {
			t.Errorf("NewTournament(%q): %v; want %s", name, err, want)
		}
	}
}

// TestFindPlayerNormalises: a name typed with spaces or a decomposed
// accent finds the player stored under its normalised name.
func TestFindPlayerNormalises(t *testing.T) {
	tour := newTestTournament(t)
	if _, err := tour.AddPlayer(Player{Name: "Dubois, L\u00e9a"}); err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{"Dubois, L\u00e9a", "  dubois,   le\u0301a ", "1"} {
		if p, err := tour.FindPlayer(ref); err != nil || p.ID != 1 {
			t.Errorf("FindPlayer(%q) = %v, %v", ref, p, err)
		}
	}
}
