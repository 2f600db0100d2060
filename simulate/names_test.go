package simulate

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// TestSimulatedNames: a simulated field has names without an id suffix,
// of the player's country, with a given name that fits the player's gender.
func TestSimulatedNames(t *testing.T) {
	tour, err := Event(Options{Rules: "woc", Players: 40, Seed: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range tour.Players {
		if strings.ContainsFunc(p.Name, unicode.IsDigit) {
			t.Errorf("#%d %q: a number in the name", p.ID, p.Name)
		}
		surname, given, ok := strings.Cut(p.Name, ", ")
		book := names[p.Country]
		list := book.men
		if p.Gender == "f" {
			list = book.women
		}
		first := strings.Fields(given)
		if !ok || !slices.Contains(book.surnames, surname) || len(first) == 0 || !slices.Contains(list, first[0]) {
			t.Errorf("#%d %q (%s, %s): not a %s name of that gender", p.ID, p.Name, p.Country, p.Gender, p.Country)
		}
	}
}

// TestNamerUnique: 100,000 players, the most simulate takes, get distinct
// names (ignoring case), quickly.
func TestNamerUnique(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := newNamer(rand.New(rand.NewPCG(3, 4)))
	seen := map[string]bool{}
	for range 100_000 {
		gender := "m"
		if rng.IntN(3) == 0 {
			gender = "f"
		}
		name, ok := n.name(countries[rng.IntN(len(countries))], gender)
		if !ok {
			t.Fatal("out of names")
		}
		key := strings.ToLower(name)
		if seen[key] {
			t.Fatalf("%q given twice", name)
		}
		seen[key] = true
	}
}
