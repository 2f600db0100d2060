package outflank

import (
	"context"
	"fmt"
	"strconv"
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
	// Ratings is the active rating list, in order.
	Ratings []team.Ranked
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

func candidate(p *Player) team.Candidate {
	return team.Candidate{Key: TeamKey(p.WOFID, p.Name, p.Country), Name: p.Name, Country: p.Country, WOFID: p.WOFID}
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
		out = append(out, team.Placed{Candidate: candidate(p), Place: place, Points: pl.Points,
			ByPlayoff: pl.By != "list", Women: p.Gender == "f", Young: isYoung(p.Born, youngYear)})
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
	in := team.Input{Size: o.Size, National: placings(nat, year), Ratings: o.Ratings,
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
		for _, st := range table.Standings {
			in.GP = append(in.GP, team.Ranked{Candidate: team.Candidate{Key: st.Key, Name: st.Name, Country: st.Country, WOFID: st.WOFID}, Rank: st.Rank, Equal: st.Equal})
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
	}
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
		if dropped > 0 {
			who := fmt.Sprintf("%d players of the rating list have", dropped)
			if dropped == 1 {
				who = "1 player of the rating list has"
			}
			sel.Warnings = append(sel.Warnings, who+" no member record, so no residency in the UK (World championship 1): left out")
		}
	}
	sel.Selection = team.Select(in)
	return sel, nil
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
