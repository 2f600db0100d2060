package outflank

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"outflank/circuit"
	"outflank/rules"
)

// CircuitTable is a circuit's standings. Its JSON is that of `outflank
// circuit standings --json` and /api/c/{slug}.
type CircuitTable struct {
	Circuit   string            `json:"circuit"`
	Rules     circuit.Rules     `json:"rules"`
	Standings []CircuitStanding `json:"standings"`
	// Name is the circuit's name; Tournaments its tournaments' names by
	// slug.
	Name        string            `json:"-"`
	Tournaments map[string]string `json:"-"`
	// Warnings tell of likely duplicates (the same name under two
	// identities) and of a tie only a decision can break.
	Warnings []string `json:"-"`
	// Reason is the recorded decision's reason, when one placed the winner.
	Reason string `json:"-"`
}

// CircuitStanding is a player's line.
type CircuitStanding struct {
	Rank    int             `json:"rank"`
	Equal   bool            `json:"equal"`
	Name    string          `json:"name"`
	Country string          `json:"country"`
	WOFID   int             `json:"wof_id"`
	Points  float64         `json:"points"`
	Results []CircuitResult `json:"results"`
	// Key is the player's identity; Ref how to name him in a command.
	Key string `json:"-"`
	Ref string `json:"-"`
	// Decided: first place by a director's decision; Undecided: tied for
	// first place until one is recorded (BOF GP 6).
	Decided   bool `json:"-"`
	Undecided bool `json:"-"`
}

// CircuitResult is what one tournament gave the player.
type CircuitResult struct {
	Tournament string  `json:"tournament"`
	Position   int     `json:"position"`
	Points     float64 `json:"points"`
	Counted    bool    `json:"counted"`
}

// identity is a person as the circuit sees him.
type identity struct {
	name, country string
	wofID         int
}

// identities works out each player's identity key in each tournament
// (ts[i].Players[j] is keys[i][j]): by WOF id; else by exact name and
// country, taken as the player with a WOF id of that name and country when
// there is exactly one; then through the circuit's links.
func (c *Circuit) identities(ts []*Tournament) ([][]string, map[string]identity) {
	byName := map[string][]string{} // name|country -> WOF keys
	who := map[string]identity{}
	date := map[string]string{} // the date of the entry who names
	for _, t := range ts {
		for _, p := range t.Players {
			if p.WOFID > 0 {
				k := "wof:" + strconv.Itoa(p.WOFID)
				nc := p.Name + "|" + p.Country
				if !slices.Contains(byName[nc], k) {
					byName[nc] = append(byName[nc], k)
				}
				// A WOF id is shown with its latest name, but never with
				// the "WOF n" an .ELO file without a player line gives.
				id, seen := who[k]
				if !seen || placeholder(id) || (!placeholder(identity{name: p.Name, wofID: p.WOFID}) && t.Date >= date[k]) {
					who[k], date[k] = identity{p.Name, p.Country, p.WOFID}, t.Date
				}
			}
		}
	}
	keys := make([][]string, len(ts))
	for i, t := range ts {
		keys[i] = make([]string, len(t.Players))
		for j, p := range t.Players {
			k := "wof:" + strconv.Itoa(p.WOFID)
			if p.WOFID <= 0 {
				nc := p.Name + "|" + p.Country
				if ws := byName[nc]; len(ws) == 1 {
					k = ws[0]
				} else {
					k = "name:" + nc
					who[k] = identity{p.Name, p.Country, 0}
				}
			}
			keys[i][j] = c.canonical(k)
		}
	}
	return keys, who
}

// placeholder tells whether the identity's name is the "WOF n" that
// stands for a player an .ELO file does not name.
func placeholder(id identity) bool {
	return id.wofID > 0 && id.name == "WOF "+strconv.Itoa(id.wofID)
}

// ref is how a command names an identity: the WOF id, else the name with
// the country when it has one.
func (id identity) ref() string {
	if id.wofID > 0 {
		return strconv.Itoa(id.wofID)
	}
	if id.country == "" {
		return id.name
	}
	return fmt.Sprintf("%s (%s)", id.name, id.country)
}

// Standings computes the circuit's standings from its tournaments, given
// in the order of c.Tournaments.
func (c *Circuit) Standings(ts []*Tournament) (*CircuitTable, error) {
	keys, who := c.identities(ts)
	in := make([]circuit.Tournament, len(ts))
	table := &CircuitTable{Circuit: c.Slug, Rules: c.Rules, Name: c.Name, Tournaments: map[string]string{}, Standings: []CircuitStanding{}}
	for i, t := range ts {
		table.Tournaments[t.Slug] = t.Name
		index := map[int]int{}
		for j, p := range t.Players {
			index[p.ID] = j
		}
		in[i].Name = t.Slug
		// The final ranking is the order of finish (the knockout stages
		// place the first players); game points are those of the list.
		for j, p := range t.OrderOfFinish(rules.TitleIndividual).Places {
			position := p.Place
			if p.Undecided {
				position = j + 1 // a tournament under way: its order so far
			}
			in[i].Entries = append(in[i].Entries, circuit.Entry{Key: keys[i][index[p.Player]], Position: position, GamePoints: p.Points})
		}
	}
	st, err := circuit.Compute(c.Rules, in, c.canonical(c.Winner))
	if err != nil {
		return nil, Errorf(ECONFLICT, "circuit %s: %v: a link made two players of one tournament one person; the circuit's log shows the links", c.Slug, err)
	}
	for _, s := range st {
		id := who[s.Key]
		line := CircuitStanding{Rank: s.Rank, Equal: s.Equal, Name: id.name, Country: id.country, WOFID: id.wofID,
			Points: s.Points, Key: s.Key, Ref: id.ref(), Decided: s.Decided, Undecided: s.Undecided, Results: []CircuitResult{}}
		for _, r := range s.Results {
			line.Results = append(line.Results, CircuitResult{Tournament: ts[r.Tournament].Slug, Position: r.Position, Points: r.Points, Counted: r.Counted})
		}
		if s.Decided {
			table.Reason = c.Reason
		}
		table.Standings = append(table.Standings, line)
	}
	table.Warnings = c.warnings(table.Standings)
	return table, nil
}

// warnings lists likely duplicates: one name under several identities
// (another WOF id, or another country).
func (c *Circuit) warnings(st []CircuitStanding) []string {
	byName := map[string][]string{}
	var names []string
	undecided := []string{}
	for _, s := range st {
		if len(byName[s.Name]) == 0 {
			names = append(names, s.Name)
		}
		ref := s.Ref
		if s.WOFID > 0 {
			ref = fmt.Sprintf("WOF %d", s.WOFID)
			if s.Country != "" {
				ref += " (" + s.Country + ")"
			}
		}
		byName[s.Name] = append(byName[s.Name], ref)
		if s.Undecided {
			undecided = append(undecided, s.Ref)
		}
	}
	var w []string
	sort.Strings(names)
	for _, n := range names {
		if refs := byName[n]; len(refs) > 1 {
			w = append(w, fmt.Sprintf("%s appears as %d players: %s; if they are one person, 'outflank circuit link %s' with two of them merges them",
				n, len(refs), strings.Join(refs, ", "), c.Slug))
		}
	}
	if len(undecided) > 0 {
		w = append(w, fmt.Sprintf("the winner is tied after comparing best results (BOF Grand Prix 6): record the play-off game or the coin toss with 'outflank circuit decide %s --winner PLAYER --reason TEXT'", c.Slug))
	}
	return w
}

// FindIdentity resolves a player named in a command: a WOF id, a name, or
// "name (CCC)", among the circuit's players; it returns the identity key.
func (t *CircuitTable) FindIdentity(ref string) (string, error) {
	var found []CircuitStanding
	for _, s := range t.Standings {
		full := s.Name
		if s.Country != "" {
			full += " (" + s.Country + ")"
		}
		if ref == s.Ref || ref == s.Name || ref == full || (s.WOFID > 0 && ref == strconv.Itoa(s.WOFID)) {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 0:
		return "", Errorf(ENOTFOUND, "no player %q in circuit %s: name a player by WOF id or exact name, as 'outflank circuit standings %s' lists them", ref, t.Circuit, t.Circuit)
	case 1:
		return found[0].Key, nil
	}
	var refs []string
	for _, s := range found {
		refs = append(refs, strconv.Quote(s.Ref))
	}
	return "", Errorf(EINVALID, "%q names %d players of circuit %s: give one of %s", ref, len(found), t.Circuit, strings.Join(refs, ", "))
}

// Line returns the standing of the identity key.
func (t *CircuitTable) Line(key string) (*CircuitStanding, bool) {
	for i := range t.Standings {
		if t.Standings[i].Key == key {
			return &t.Standings[i], true
		}
	}
	return nil, false
}

// SharesTournament tells whether two identities played a tournament
// together: then they are not one person.
func (t *CircuitTable) SharesTournament(a, b string) (string, bool) {
	la, _ := t.Line(a)
	lb, _ := t.Line(b)
	if la == nil || lb == nil {
		return "", false
	}
	for _, ra := range la.Results {
		for _, rb := range lb.Results {
			if ra.Tournament == rb.Tournament {
				return ra.Tournament, true
			}
		}
	}
	return "", false
}

// LoadCircuit reads a circuit and its tournaments and computes its
// standings: what the CLI and the web show.
func LoadCircuit(ctx context.Context, cs CircuitStore, ts Store, slug string) (*Circuit, *CircuitTable, error) {
	c, err := cs.Circuit(ctx, slug)
	if err != nil {
		return nil, nil, err
	}
	tours, err := circuitTournaments(ctx, ts, c)
	if err != nil {
		return nil, nil, err
	}
	table, err := c.Standings(tours)
	if err != nil {
		return nil, nil, err
	}
	for _, t := range tours {
		if w := unfinishedWarning(t); w != "" {
			table.Warnings = append(table.Warnings, w)
		}
	}
	return c, table, nil
}

// circuitTournaments reads the tournaments of c, in its order.
func circuitTournaments(ctx context.Context, ts Store, c *Circuit) ([]*Tournament, error) {
	slug := c.Slug
	tours := make([]*Tournament, 0, len(c.Tournaments))
	for _, s := range c.Tournaments {
		t, err := ts.Tournament(ctx, s)
		if err != nil {
			if ErrorCode(err) == ENOTFOUND {
				return nil, Errorf(ENOTFOUND, "tournament %s of circuit %s is not in the database: import it, or 'outflank circuit remove %s %s'", s, slug, slug, s)
			}
			return nil, err
		}
		tours = append(tours, t)
	}
	return tours, nil
}
