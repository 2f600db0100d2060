package outflank

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"outflank/circuit"
	"outflank/rules"
	"outflank/team"
	"outflank/words"
)

// TeamOptions are what a team selection reads besides the database.
type TeamOptions struct {
	National string // the National's slug
	Circuit  string // the BOF Grand Prix circuit's slug
	Size     int
	// WorldFinal is the date of the World final (YYYY-MM-DD): World
	// championship 1's 183 days of residency count back from it, and its
	// year says who is young. "" leaves residency unchecked.
	WorldFinal string
	// Declined name the players who declined: a WOF id or an exact name.
	Declined []string
	// WomenEvent and YoungEvent are the slugs of stand-alone qualifying
	// events (World championship 5), "" when none was held.
	WomenEvent, YoungEvent string
	// Ratings is the rating list World championship 3 reads: the players of
	// a computed list (`rating compute --json`), in rank order. Only those
	// on the published list (active, in the world's component: Rank > 0)
	// are offered places; the others are refused with the reason.
	Ratings []TeamRating
	// RatingList names the list: its calculation date.
	RatingList string
}

// TeamRating is one player of a computed rating list.
type TeamRating struct {
	WOFID   int
	Name    string
	Country string
	Rating  int
	// Rank is the player's rank on the published list, 0 when he is not on
	// it: not active (no rated tournament in the 38 months before the
	// list), or rated only within a group apart from the world's
	// (Component > 0).
	Rank      int
	Active    bool
	Component int
	// Official is set when the rating's margin is below ±200 (WOF ratings
	// FAQ); Uncertainty is the margin.
	Official    bool
	Uncertainty int
	// Last is the date of his last rated tournament, "" when not known.
	Last string
}

// TeamSelection is the order in which places in the UK team are offered.
// Its JSON is that of `outflank team select --json`.
type TeamSelection struct {
	National   string `json:"national"`
	Circuit    string `json:"circuit"`
	WorldFinal string `json:"world_final"`
	team.Selection
	Warnings []string `json:"warnings"`
}

// maxTeamSize is the most players a federation's team has besides the
// young player (WOC I.2.2).
const maxTeamSize = team.MaxPlayers

// residencyDays is World championship 1's residency before the World final.
const residencyDays = 183

// TeamKey is the identity of a player across the lists of a selection:
// the WOF id, else the exact name and country (as in a circuit).
func TeamKey(wofID int, name, country string) string {
	if wofID > 0 {
		return "wof:" + strconv.Itoa(wofID)
	}
	return "name:" + name + "|" + country
}

// candidate is player p as the selection reads him, with what his record
// says of his gender and age: young is 14 or less on 31 December of year
// (WOC I.2.2), unknown without a birth date or a year.
func candidate(p *Player, year int) team.Candidate {
	c := team.Candidate{Key: TeamKey(p.WOFID, p.Name, p.Country), Name: p.Name, Country: p.Country, WOFID: p.WOFID}
	switch p.Gender {
	case "f":
		c.Woman = team.Yes
	case "m":
		c.Woman = team.No
	}
	if p.Born != "" && year > 0 {
		c.Young = team.KnownOf(isYoung(p.Born, year))
	}
	return c
}

// placings is a tournament's order of finish as the selection reads it.
func placings(t *Tournament, youngYear int) []team.Placed {
	var out []team.Placed
	for i, pl := range t.OrderOfFinish(rules.TitleIndividual).Places {
		p, ok := t.Player(pl.Player)
		if !ok {
			continue
		}
		place := pl.Place
		if pl.Undecided {
			place = i + 1 // the National under way: its order so far
		}
		out = append(out, team.Placed{Candidate: candidate(p, youngYear), Place: place, Points: pl.Points,
			ByPlayoff: pl.By != "list"})
	}
	return out
}

// SelectTeam works out the order of offers (BOF World championship 1-6)
// from the National, the Grand Prix, the rating list and the member
// records.
func SelectTeam(ctx context.Context, s Store, cs CircuitStore, ms Members, o TeamOptions) (*TeamSelection, error) {
	if o.Size < 1 {
		return nil, Errorf(EINVALID, "team size %d: give the number of places in the regular team (--size)", o.Size)
	}
	if o.Size > maxTeamSize {
		return nil, Errorf(EINVALID, "team size %d: a federation's team is one to %s and an additional young player (WOC I.2.2); give --size %d or less", o.Size, words.Count(maxTeamSize, "player"), maxTeamSize)
	}
	nat, err := s.Tournament(ctx, o.National)
	if err != nil {
		return nil, err
	}
	if nat.Rules != rules.BOFNational {
		return nil, Errorf(EINVALID, "tournament %s has rules %s: World championship 2 takes the National's placings; give a bof-national tournament", nat.Slug, nat.Rules)
	}
	year := 0
	var final time.Time
	if o.WorldFinal != "" {
		if final, err = time.Parse(time.DateOnly, o.WorldFinal); err != nil {
			return nil, Errorf(EINVALID, "--world-final %q: give a date YYYY-MM-DD", o.WorldFinal)
		}
		year = final.Year()
	} else if d, err := time.Parse(time.DateOnly, nat.Date); err == nil {
		year = d.Year()
	}
	sel := &TeamSelection{National: nat.Slug, Circuit: o.Circuit, WorldFinal: o.WorldFinal, Warnings: []string{}}
	known := records{}
	known.add(nat, year)
	in := team.Input{Size: o.Size, National: placings(nat, year),
		Categories: []team.Category{team.Women, team.Young}, Events: map[team.Category][]team.Placed{}, Declined: map[string]bool{}}
	f := nat.OrderOfFinish(rules.TitleIndividual)
	in.ChampionDecided = len(f.Places) > 0 && f.Places[0].By == "final" && !f.Places[0].Undecided
	if !in.ChampionDecided {
		sel.Warnings = append(sel.Warnings, fmt.Sprintf("the play-off for the British title of %s is not recorded (National 4, 7): its list's leader is taken as the National Champion", nat.Slug))
	}
	if o.Circuit != "" {
		c, table, err := LoadCircuit(ctx, cs, s, o.Circuit)
		if err != nil {
			return nil, err
		}
		if c.Rules != circuit.BOFGP {
			return nil, Errorf(EINVALID, "circuit %s has rules %s: the GP winner and GP order of World championship 2-3 are those of a bof-gp circuit", c.Slug, c.Rules)
		}
		for _, slug := range c.Tournaments {
			if t, err := s.Tournament(ctx, slug); err == nil {
				known.add(t, year)
			}
		}
		for _, st := range table.Standings {
			in.GP = append(in.GP, team.Ranked{Candidate: known.of(team.Candidate{Key: st.Key, Name: st.Name, Country: st.Country, WOFID: st.WOFID}), Rank: st.Rank, Equal: st.Equal})
		}
	}
	for cat, slug := range map[team.Category]string{team.Women: o.WomenEvent, team.Young: o.YoungEvent} {
		if slug == "" {
			continue
		}
		t, err := s.Tournament(ctx, slug)
		if err != nil {
			return nil, err
		}
		in.Events[cat] = placings(t, year)
		known.add(t, year)
	}
	var inactive []team.Skip
	in.Ratings, inactive = ratingOrder(o.Ratings, o.RatingList, known)
	if err := declined(in, o.Declined); err != nil {
		return nil, err
	}
	if o.WorldFinal == "" {
		sel.Warnings = append(sel.Warnings, "residency not checked (World championship 1): give --world-final DATE")
	} else if ms == nil {
		return nil, Errorf(EINVALID, "residency before the World final (World championship 1) needs the member records, and none are kept here")
	} else {
		list, err := ms.MemberList(ctx)
		if err != nil {
			return nil, err
		}
		in.Eligible = func(c team.Candidate) (bool, string) { return resident(list, c, final) }
		// The rating list is the world's: those without a member record
		// cannot be resident (World championship 1), and listing each as
		// skipped would bury the rest.
		kept, dropped := in.Ratings[:0:0], 0
		for _, r := range in.Ratings {
			if memberOf(list, r.Candidate) != nil {
				kept = append(kept, r)
			} else {
				dropped++
			}
		}
		in.Ratings = kept
		// An inactive member is named: he is the one a selector might
		// expect on the list (World championship 3 says active).
		named := inactive[:0:0]
		for _, sk := range inactive {
			if memberOf(list, sk.Candidate) != nil {
				named = append(named, sk)
			}
		}
		inactive = named
		if dropped > 0 {
			who := fmt.Sprintf("%d players of the rating list have", dropped)
			if dropped == 1 {
				who = "1 player of the rating list has"
			}
			sel.Warnings = append(sel.Warnings, who+" no member record, so no residency in the UK (World championship 1): left out")
		}
	}
	sel.Selection = team.Select(in)
	if reached(sel.Selection) {
		// Named once: a player passed over already (declined, say) or
		// offered a place by another rule is not listed again.
		seen := map[string]bool{}
		for _, sk := range sel.Skipped {
			seen[sk.Key] = true
		}
		for _, o := range sel.Offers {
			seen[o.Key] = true
		}
		for _, sk := range inactive {
			if !seen[sk.Key] {
				sel.Skipped = append(sel.Skipped, sk)
			}
		}
	}
	return sel, nil
}

// reached tells whether the selection went as far as the rating list: an
// offer from it, or places left for the chairman.
func reached(sel team.Selection) bool {
	if sel.ChairmanPlaces > 0 {
		return true
	}
	for _, o := range sel.Offers {
		if strings.HasPrefix(o.Reason, activeListReason) {
			return true
		}
	}
	return false
}

// activeListReason begins the reason of an offer from the rating list.
const activeListReason = "active rating list"

// ratingOrder splits a computed rating list into the active list World
// championship 3 offers places from, in rank order with the published
// ranks, and the players who are not on it, each with the reason.
func ratingOrder(list []TeamRating, name string, known records) (active []team.Ranked, inactive []team.Skip) {
	sorted := slices.Clone(list)
	slices.SortStableFunc(sorted, func(a, b TeamRating) int { return a.Rank - b.Rank })
	for i, r := range sorted {
		c := known.of(team.Candidate{Key: TeamKey(r.WOFID, r.Name, r.Country), Name: r.Name, Country: r.Country, WOFID: r.WOFID})
		if r.Rank > 0 {
			equal := (i > 0 && sorted[i-1].Rank == r.Rank) || (i+1 < len(sorted) && sorted[i+1].Rank == r.Rank)
			note := ""
			if !r.Official {
				note = fmt.Sprintf("not official: ±%d", r.Uncertainty)
			}
			active = append(active, team.Ranked{Candidate: c, Rank: r.Rank, Equal: equal, Note: note})
			continue
		}
		why := fmt.Sprintf("%s: not on the active rating list of %s: ", team.RuleGPOrder, name)
		switch {
		case !r.Active && r.Last != "":
			why += fmt.Sprintf("no rated tournament in the 38 months before it (the last on %s)", r.Last)
		case !r.Active:
			why += "no rated tournament in the 38 months before it"
		default:
			why += "rated only within a group of players apart from the world's, whose ratings are not published"
		}
		inactive = append(inactive, team.Skip{Candidate: c, Reason: why})
	}
	return active, inactive
}

// records are the players' gender and age as the tournaments of the
// selection record them, by TeamKey, for the players of the Grand Prix and
// the rating list.
type records map[string]team.Candidate

func (r records) add(t *Tournament, year int) {
	for i := range t.Players {
		c := candidate(&t.Players[i], year)
		old, seen := r[c.Key]
		if !seen || old.Woman == team.Unknown {
			old.Woman = c.Woman
		}
		if !seen || old.Young == team.Unknown {
			old.Young = c.Young
		}
		r[c.Key] = old
	}
}

// of fills in c's gender and age from the records.
func (r records) of(c team.Candidate) team.Candidate {
	if k, ok := r[c.Key]; ok {
		c.Woman, c.Young = k.Woman, k.Young
	}
	return c
}

// declined marks the players named in refs, by WOF id or exact name,
// among those of the lists.
func declined(in team.Input, refs []string) error {
	var all []team.Candidate
	for _, p := range in.National {
		all = append(all, p.Candidate)
	}
	for _, l := range [][]team.Ranked{in.GP, in.Ratings} {
		for _, r := range l {
			all = append(all, r.Candidate)
		}
	}
	for _, e := range in.Events {
		for _, p := range e {
			all = append(all, p.Candidate)
		}
	}
	for _, ref := range refs {
		found := false
		for _, c := range all {
			if c.Name == ref || (c.WOFID > 0 && strconv.Itoa(c.WOFID) == ref) {
				in.Declined[c.Key], found = true, true
			}
		}
		if !found {
			return Errorf(ENOTFOUND, "--declined %q: no such player in the National, the Grand Prix, the qualifying events or the rating list; give a WOF id or an exact name", ref)
		}
	}
	return nil
}

// resident tells whether the member record of c shows 183 days of
// residency in the UK before the World final (World championship 1).
func resident(list []Member, c team.Candidate, final time.Time) (bool, string) {
	if m := memberOf(list, c); m != nil {
		if m.ResidentSince == "" {
			return false, fmt.Sprintf("the member record of %s gives no residency: 'outflank member edit' with --resident-since", m.Name)
		}
		since, err := time.Parse(time.DateOnly, m.ResidentSince)
		if err != nil {
			return false, fmt.Sprintf("the member record of %s has an unreadable residency date %q", m.Name, m.ResidentSince)
		}
		if need := final.AddDate(0, 0, -residencyDays); since.After(need) {
			return false, fmt.Sprintf("resident in the UK since %s: %s before the World final, not %d (resident since %s at the latest)",
				m.ResidentSince, words.Count(int(final.Sub(since).Hours()/24), "day"), residencyDays, need.Format(time.DateOnly))
		}
		return true, ""
	}
	return false, "no member record, so no residency in the UK: 'outflank member add' with --resident-since"
}

// memberOf finds the member record of c: the same WOF id when both have
// one, else the same name and country (as Member.Is).
func memberOf(list []Member, c team.Candidate) *Member {
	for i, m := range list {
		if (m.WOFID != 0 && c.WOFID != 0 && m.WOFID == c.WOFID) || ((m.WOFID == 0 || c.WOFID == 0) && m.Name == c.Name && m.Country == c.Country) {
			return &list[i]
		}
	}
	return nil
}
