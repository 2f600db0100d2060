package outflank

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Entity kinds: the rows a tournament is stored as, and the units of the
// audit log.
const (
	EntityTournament = "tournament" // key: the slug; the tournament's own fields
	EntityPlayer     = "player"     // key: the player id
	EntityRound      = "round"      // key: the round number; number and stage
	EntityGame       = "game"       // key: "round/table"
	EntityBye        = "bye"        // key: "round/player"
)

// entityOrder is the order rows are created in (parents first); deletions
// go in the reverse order.
var entityOrder = []string{EntityTournament, EntityPlayer, EntityRound, EntityGame, EntityBye}

// Change is one entity's state before and after a change, as JSON: Before
// is empty for a creation, After for a deletion.
type Change struct {
	Entity string          `json:"entity"`
	Key    string          `json:"key"`
	Before json.RawMessage `json:"before,omitempty"`
	After  json.RawMessage `json:"after,omitempty"`
}

// header is the tournament's own fields: what EntityTournament stores.
type header struct {
	Slug     string   `json:"slug"`
	Name     string   `json:"name"`
	Date     string   `json:"date"`
	Rules    string   `json:"rules"`
	Settings Settings `json:"settings"`
}

// roundHeader is what EntityRound stores; games and byes are their own rows.
type roundHeader struct {
	Number int    `json:"round"`
	Stage  Stage  `json:"stage"`
	Method string `json:"method,omitempty"`
	Seed   string `json:"seed,omitempty"`
}

// bye is what EntityBye stores.
type bye struct {
	Round  int `json:"round"`
	Player int `json:"player"`
}

type entityKey struct{ entity, key string }

// entities flattens t into its rows, each as JSON.
func (t *Tournament) entities() (map[entityKey][]byte, error) {
	m := map[entityKey][]byte{}
	err := t.eachRow(func(entity, key string, data []byte) {
		m[entityKey{entity, key}] = data
	})
	return m, err
}

// eachRow calls fn with each row of t as JSON: the tournament, its players,
// then each round with its games and byes.
func (t *Tournament) eachRow(fn func(entity, key string, data []byte)) error {
	return t.eachValue(func(entity, key string, v any) error {
		data, err := encodeRow(entity, key, v)
		if err != nil {
			return err
		}
		fn(entity, key, data)
		return nil
	})
}

// encodeRow is a row's JSON.
func encodeRow(entity, key string, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("outflank: encoding %s %s: %w", entity, key, err)
	}
	return data, nil
}

// eachValue calls fn with each row of t as the value its JSON is made of,
// in the order of eachRow, until fn fails.
func (t *Tournament) eachValue(fn func(entity, key string, v any) error) error {
	if err := fn(EntityTournament, t.Slug, header{t.Slug, t.Name, t.Date, string(t.Rules), t.Settings}); err != nil {
		return err
	}
	for i := range t.Players {
		if err := fn(EntityPlayer, itoa(t.Players[i].ID), &t.Players[i]); err != nil {
			return err
		}
	}
	for i := range t.Rounds {
		r := &t.Rounds[i]
		if err := fn(EntityRound, itoa(r.Number), roundHeader{r.Number, r.Stage, r.Method, r.Seed}); err != nil {
			return err
		}
		for j := range r.Games {
			if err := fn(EntityGame, itoa(r.Number)+"/"+itoa(r.Games[j].Table), &r.Games[j]); err != nil {
				return err
			}
		}
		for _, id := range r.Byes {
			if err := fn(EntityBye, itoa(r.Number)+"/"+itoa(id), bye{r.Number, id}); err != nil {
				return err
			}
		}
	}
	return nil
}

// Diff lists the rows that differ between before and after, in the order a
// store must write them: deletions children first, then creations and
// updates parents first.
//
// A change touches a few rows of hundreds: the rows of both are compared
// as Go values first (rowsEqual), and only those that differ (or exist on
// one side) are encoded and compared as JSON, the form the log keeps.
// Values that are equal encode alike, so this lists what comparing every
// row's JSON would (TestDiffAsJSON).
func Diff(before, after *Tournament) ([]Change, error) {
	if changes, ok, err := diffSameRows(before, after); ok || err != nil {
		return changes, err
	}
	b, a := before.rowValues(), after.rowValues()
	var changes []Change
	// Most changes keep every row where it was: the rows are compared
	// side by side, until one is not where it was.
	same := 0
	for same < min(len(b), len(a)) && b[same].entity == a[same].entity && b[same].key == a[same].key {
		same++
	}
	if same == len(b) && same == len(a) {
		for i := range a {
			if err := diffRow(&changes, b[i], a[i]); err != nil {
				return nil, err
			}
		}
		sortChanges(changes)
		return changes, nil
	}
	old := make(map[entityKey]rowValue, len(b))
	for _, r := range b {
		old[entityKey{r.entity, r.key}] = r
	}
	for _, now := range a {
		k := entityKey{now.entity, now.key}
		was, ok := old[k]
		if !ok {
			data, err := encodeRow(now.entity, now.key, now.v)
			if err != nil {
				return nil, err
			}
			changes = append(changes, Change{Entity: now.entity, Key: now.key, After: data})
			continue
		}
		delete(old, k)
		if err := diffRow(&changes, was, now); err != nil {
			return nil, err
		}
	}
	for _, was := range old {
		data, err := encodeRow(was.entity, was.key, was.v)
		if err != nil {
			return nil, err
		}
		changes = append(changes, Change{Entity: was.entity, Key: was.key, Before: data})
	}
	sortChanges(changes)
	return changes, nil
}

// diffSameRows is Diff when before and after have the same rows in the
// same order (the same players, rounds, games and byes: a result, an edit,
// a withdrawal), which it reports with ok; otherwise Diff compares them by
// key. Row by row, side by side, it names only the rows that differ: a
// result at a 5,000-player event compares 37,500 rows, and building the
// key and value of each cost 10 ms.
func diffSameRows(before, after *Tournament) (changes []Change, ok bool, err error) {
	if len(before.Players) != len(after.Players) || len(before.Rounds) != len(after.Rounds) {
		return nil, false, nil
	}
	for i := range before.Players {
		if before.Players[i].ID != after.Players[i].ID {
			return nil, false, nil
		}
	}
	for i := range before.Rounds {
		rb, ra := &before.Rounds[i], &after.Rounds[i]
		if rb.Number != ra.Number || len(rb.Games) != len(ra.Games) || !slices.Equal(rb.Byes, ra.Byes) {
			return nil, false, nil
		}
		for j := range rb.Games {
			if rb.Games[j].Table != ra.Games[j].Table {
				return nil, false, nil
			}
		}
	}
	// The same rows: compare their values.
	differ := func(entity, key string, was, now any) {
		if err == nil {
			err = diffRow(&changes, rowValue{entity, key, was}, rowValue{entity, key, now})
		}
	}
	hb := header{before.Slug, before.Name, before.Date, string(before.Rules), before.Settings}
	ha := header{after.Slug, after.Name, after.Date, string(after.Rules), after.Settings}
	if !reflect.DeepEqual(hb, ha) {
		differ(EntityTournament, after.Slug, hb, ha)
	}
	for i := range before.Players {
		if pb, pa := &before.Players[i], &after.Players[i]; !playersEqual(pb, pa) {
			differ(EntityPlayer, itoa(pa.ID), pb, pa)
		}
	}
	for i := range before.Rounds {
		rb, ra := &before.Rounds[i], &after.Rounds[i]
		if hb, ha := (roundHeader{rb.Number, rb.Stage, rb.Method, rb.Seed}), (roundHeader{ra.Number, ra.Stage, ra.Method, ra.Seed}); hb != ha {
			differ(EntityRound, itoa(ra.Number), hb, ha)
		}
		for j := range rb.Games {
			if gb, ga := &rb.Games[j], &ra.Games[j]; !gamesEqual(gb, ga) {
				differ(EntityGame, itoa(ra.Number)+"/"+itoa(ga.Table), gb, ga)
			}
		}
		// The byes are the same (checked above), and a bye row is its key.
	}
	if err != nil {
		return nil, true, err
	}
	sortChanges(changes)
	return changes, true, nil
}

// playersEqual reports whether two players' rows are equal, field by
// field (TestPlayersEqualSeesEveryField fails when Player gains a field
// this does not compare).
func playersEqual(p, q *Player) bool {
	return p.ID == q.ID && p.Name == q.Name && p.Country == q.Country && p.WOFID == q.WOFID && p.NewToWOF == q.NewToWOF &&
		p.Rating == q.Rating && p.Gender == q.Gender && p.Born == q.Born && p.Seeded == q.Seeded && p.Additional == q.Additional &&
		p.Team == q.Team && p.Citizenship == q.Citizenship && p.ResidentSince == q.ResidentSince && p.Exemption == q.Exemption &&
		pointeesEqual(p.WithdrawnAfterRound, q.WithdrawnAfterRound) && slices.Equal(p.AbsentRounds, q.AbsentRounds)
}

// rowValue is a row as the value its JSON is made of.
type rowValue struct {
	entity, key string
	v           any
}

// rowValues lists t's rows, in the order of eachRow.
func (t *Tournament) rowValues() []rowValue {
	rows := make([]rowValue, 0, 1+len(t.Players)+len(t.Rounds)*(1+len(t.Players)/2))
	t.eachValue(func(entity, key string, v any) error {
		rows = append(rows, rowValue{entity, key, v})
		return nil
	})
	return rows
}

// diffRow adds to changes the update of a row kept, if it changed.
func diffRow(changes *[]Change, was, now rowValue) error {
	if rowsEqual(was.v, now.v) {
		return nil
	}
	wasData, err := encodeRow(was.entity, was.key, was.v)
	if err != nil {
		return err
	}
	nowData, err := encodeRow(now.entity, now.key, now.v)
	if err != nil {
		return err
	}
	if !bytes.Equal(wasData, nowData) {
		*changes = append(*changes, Change{Entity: now.entity, Key: now.key, Before: wasData, After: nowData})
	}
	return nil
}

// rowsEqual reports whether two rows' values are equal, so that their
// JSON is the same; false only costs their encoding. A game, the most
// common row, is compared field by field with ==, its pointers by what
// they point to (any field added to Game, Result or Choice is compared
// too, a pointer by identity); the other rows deeply.
func rowsEqual(x, y any) bool {
	if g, ok := x.(*Game); ok {
		if h, ok := y.(*Game); ok {
			return gamesEqual(g, h)
		}
	}
	return reflect.DeepEqual(x, y)
}

func gamesEqual(g, h *Game) bool {
	a, b := *g, *h
	a.Result, b.Result, a.Choice, b.Choice = nil, nil, nil, nil
	if a != b || !pointeesEqual(g.Choice, h.Choice) {
		return false
	}
	if g.Result == nil || h.Result == nil || g.Result == h.Result {
		return g.Result == h.Result // nil, or shared by a copy (Clone)
	}
	r, q := *g.Result, *h.Result
	r.Board, q.Board = nil, nil
	return r == q && pointeesEqual(g.Result.Board, h.Result.Board)
}

// pointeesEqual reports whether p and q are both nil or point to equal
// values.
func pointeesEqual[T comparable](p, q *T) bool {
	if p == nil || q == nil || p == q {
		return p == q
	}
	return *p == *q
}

// Invert returns the changes that undo changes, in writing order.
func Invert(changes []Change) []Change {
	inv := make([]Change, len(changes))
	for i, c := range changes {
		inv[i] = Change{Entity: c.Entity, Key: c.Key, Before: c.After, After: c.Before}
	}
	sortChanges(inv)
	return inv
}

// sortChanges puts deletions first (children before parents), then the rest
// (parents before children), each kind in key order. Each change's rank and
// key are worked out once, not at every comparison: an import sorts a
// hundred thousand rows.
func sortChanges(changes []Change) {
	type sortKey struct {
		rank int
		key  parsedKey
		c    Change
	}
	keyed := make([]sortKey, len(changes))
	for i, c := range changes {
		rank := slices.Index(entityOrder, c.Entity)
		if c.After == nil {
			rank = -rank // deletions: bye (-4) first ... tournament (0) last
		} else {
			rank += 10
		}
		keyed[i] = sortKey{rank, parseKey(c.Key), c}
	}
	slices.SortStableFunc(keyed, func(x, y sortKey) int {
		if d := x.rank - y.rank; d != 0 {
			return d
		}
		return x.key.compare(y.key)
	})
	for i := range keyed {
		changes[i] = keyed[i].c
	}
}

// parsedKey is a row's key read for ordering: "3/12" is 3 then 12, and
// orders after "3/2".
type parsedKey struct {
	text    string
	nums    [2]int
	n       int  // how many parts
	numeric bool // every part a number
}

// KeyNumbers reads the numbers of a change's key: "3/12" (a game: round
// 3, table 12; a bye: round 3, player 12) is 3 and 12, "7" (a player, a
// round) is 7 and 0. The stores use it to find the row a change names.
func KeyNumbers(key string) (int, int, error) {
	k := parseKey(key)
	if !k.numeric || k.n == 0 {
		return 0, 0, fmt.Errorf("bad key %q: want N or N/M", key)
	}
	return k.nums[0], k.nums[1], nil
}

func parseKey(key string) parsedKey {
	k := parsedKey{text: key, numeric: true}
	for part := range strings.SplitSeq(key, "/") {
		v, err := strconv.Atoi(part)
		if err != nil || k.n == len(k.nums) {
			k.numeric = false
			break
		}
		k.nums[k.n] = v
		k.n++
	}
	return k
}

func (x parsedKey) compare(y parsedKey) int {
	if !x.numeric || !y.numeric {
		return compareKeys(x.text, y.text)
	}
	for i := 0; i < x.n && i < y.n; i++ {
		if x.nums[i] != y.nums[i] {
			return x.nums[i] - y.nums[i]
		}
	}
	return x.n - y.n
}

// compareKeys orders "3/12" after "3/2": numerically, part by part.
func compareKeys(x, y string) int {
	xs, ys := strings.Split(x, "/"), strings.Split(y, "/")
	for i := 0; i < len(xs) && i < len(ys); i++ {
		xi, errX := strconv.Atoi(xs[i])
		yi, errY := strconv.Atoi(ys[i])
		if errX == nil && errY == nil && xi != yi {
			return xi - yi
		}
		if c := strings.Compare(xs[i], ys[i]); errX != nil && c != 0 {
			return c
		}
	}
	return len(xs) - len(ys)
}

// Apply returns t with changes applied: each entity set to its After state.
// It checks that each entity is in its Before state first, so that changes
// are only ever applied to the state they were made from.
func (t *Tournament) Apply(changes []Change) (*Tournament, error) {
	m, err := t.entities()
	if err != nil {
		return nil, err
	}
	for _, c := range changes {
		k := entityKey{c.Entity, c.Key}
		current, exists := m[k]
		if (c.Before == nil) == exists || (exists && !jsonEqual(current, c.Before)) {
			return nil, Errorf(ECONFLICT, "%s %s has changed since: the change cannot be reverted", c.Entity, c.Key)
		}
		if c.After == nil {
			delete(m, k)
		} else {
			m[k] = c.After
		}
	}
	return fromEntities(m)
}

// jsonEqual compares two JSON documents by value.
func jsonEqual(x, y []byte) bool {
	var vx, vy any
	if json.Unmarshal(x, &vx) != nil || json.Unmarshal(y, &vy) != nil {
		return false
	}
	a, _ := json.Marshal(vx)
	b, _ := json.Marshal(vy)
	return bytes.Equal(a, b)
}
