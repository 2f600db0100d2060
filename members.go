package outflank

import (
	"context"
	"fmt"
	"strings"
	"time"

	"outflank/member"
	"outflank/rules"
)

// Member is a person's record at the federation (the BOF): who they are,
// and what their membership and fees depend on (Membership & finance 1-3).
// Dates are YYYY-MM-DD, "" when not known.
type Member struct {
	ID          int64  `json:"id"`
	WOFID       int    `json:"wof_id"`
	Name        string `json:"name"`
	Country     string `json:"country"`
	Citizenship string `json:"citizenship"`
	// ResidentSince is the date the person has lived in the UK since.
	ResidentSince string `json:"resident_since"`
	Unwaged       bool   `json:"unwaged"`
	// Family names the family group that pays the family rate together.
	Family string `json:"family"`
	// PaidUntil is the last day a subscription covers.
	PaidUntil string `json:"paid_until"`
}

// Validate checks the record and normalises its codes and spaces.
func (m *Member) Validate() error {
	m.Name = strings.Join(strings.Fields(m.Name), " ")
	m.Family = strings.TrimSpace(m.Family)
	if m.Name == "" {
		return Errorf(EINVALID, "a member needs a name: give --name")
	}
	if m.WOFID < 0 {
		return Errorf(EINVALID, "WOF id %d of %s: give a positive number, or 0 when unknown", m.WOFID, m.Name)
	}
	var err error
	if m.Country, err = normalizeCountry(m.Country, m.Name); err != nil {
		return err
	}
	if m.Citizenship, err = normalizeCountry(m.Citizenship, m.Name); err != nil {
		return err
	}
	for _, d := range []struct{ flag, value string }{{"--resident-since", m.ResidentSince}, {"--paid-until", m.PaidUntil}} {
		if d.value != "" && !member.ValidDate(d.value) {
			return Errorf(EINVALID, "%s %q of %s: give a date YYYY-MM-DD", d.flag, d.value, m.Name)
		}
	}
	return nil
}

// Record is the member as the membership engine reads it.
func (m *Member) Record() member.Record {
	return member.Record{WOFID: m.WOFID, Name: m.Name, Country: m.Country, Citizenship: m.Citizenship,
		ResidentSince: m.ResidentSince, Unwaged: m.Unwaged, Family: m.Family, PaidUntil: m.PaidUntil}
}

// Is reports whether player p of a tournament is this member: the same WOF
// id when both have one, else the exact same name and country.
func (m *Member) Is(p *Player) bool {
	return samePerson(m.WOFID, m.Name, m.Country, p)
}

func samePerson(wofID int, name, country string, p *Player) bool {
	if wofID != 0 && p.WOFID != 0 {
		return wofID == p.WOFID
	}
	return name == p.Name && country == p.Country
}

// MemberEvent is a change of the members' records, kept in their own
// audited log: who added, edited or removed whom.
type MemberEvent struct {
	ID      int64     `json:"id"`
	At      time.Time `json:"at"`
	Actor   string    `json:"actor"`
	Action  string    `json:"action"` // member.add, member.edit, member.remove
	Member  string    `json:"member"`
	Summary string    `json:"summary"`
}

// The actions of the members' log.
const (
	MemberAdd    = "member.add"
	MemberEdit   = "member.edit"
	MemberRemove = "member.remove"
)

// Members keeps the federation's member records. Every write is one
// transaction with its entry in the members' log, naming the actor of ctx.
type Members interface {
	AddMember(ctx context.Context, m *Member) error
	// UpdateMember stores m over the record with its ID.
	UpdateMember(ctx context.Context, m *Member) error
	RemoveMember(ctx context.Context, id int64) error
	// Member returns the member named by ref: "#id", an id, or an exact name.
	Member(ctx context.Context, ref string) (*Member, error)
	// MemberList returns the records ordered by name.
	MemberList(ctx context.Context) ([]Member, error)
	// MemberLog returns the latest changes, newest first: at most limit.
	MemberLog(ctx context.Context, limit int) ([]MemberEvent, error)
	FeeRateStore
}

// BOFEvent is tournament t as the membership engine reads it. The BOF
// rulesets mark the BOF's own tournaments: a bof-regional or bof-national
// tournament is taken to be both BOF-rated and BOF-organised; any other is
// neither.
func BOFEvent(t *Tournament) member.Event {
	e := member.Event{Slug: t.Slug, Name: t.Name, Date: t.Date, Kind: member.Other}
	switch t.Rules {
	case rules.BOFRegional:
		e.Kind, e.Rated, e.Organised = member.Regional, true, true
	case rules.BOFNational:
		e.Kind, e.Rated, e.Organised = member.National, true, true
	}
	return e
}

// Played returns the tournaments of ts in which a player is the person
// (see Member.Is): each tournament they were registered for.
func Played(ts []*Tournament, wofID int, name, country string) []member.Event {
	var list []member.Event
	for _, t := range ts {
		for i := range t.Players {
			if samePerson(wofID, name, country, &t.Players[i]) {
				list = append(list, BOFEvent(t))
				break
			}
		}
	}
	return list
}

// PlayedWith is Played and the archive's rated tournaments of the person's
// WOF id on other days (archive nil: none).
func PlayedWith(ts []*Tournament, archive *RatedEvents, wofID int, name, country string) []member.Event {
	return withArchive(Played(ts, wofID, name, country), archive, wofID)
}

// AllTournaments loads every tournament of s.
func AllTournaments(ctx context.Context, s Store) ([]*Tournament, error) {
	sums, err := s.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	ts := make([]*Tournament, 0, len(sums))
	for _, sum := range sums {
		t, err := s.Tournament(ctx, sum.Slug)
		if err != nil {
			return nil, err
		}
		ts = append(ts, t)
	}
	return ts, nil
}

// MemberStatus is a member's record with their membership as of a date.
type MemberStatus struct {
	Member
	IsMember bool   `json:"member"`
	Basis    string `json:"basis"`
	Reason   string `json:"reason"`
	Until    string `json:"until"`
}

// Membership returns every member's membership as of asOf (YYYY-MM-DD),
// from their records and the tournaments in s.
func Membership(ctx context.Context, s Store, ms Members, asOf string) ([]MemberStatus, error) {
	return MembershipWith(ctx, s, ms, asOf, nil)
}

// MembershipWith is Membership counting also the rated tournaments of the
// WOF's archive (nil: none), by the member's WOF id.
func MembershipWith(ctx context.Context, s Store, ms Members, asOf string, archive *RatedEvents) ([]MemberStatus, error) {
	if !member.ValidDate(asOf) {
		return nil, Errorf(EINVALID, "date %q: give a date YYYY-MM-DD", asOf)
	}
	list, err := ms.MemberList(ctx)
	if err != nil {
		return nil, err
	}
	ts, err := AllTournaments(ctx, s)
	if err != nil {
		return nil, err
	}
	out := make([]MemberStatus, 0, len(list))
	for _, m := range list {
		st := member.Membership(m.Record(), PlayedWith(ts, archive, m.WOFID, m.Name, m.Country), asOf)
		out = append(out, MemberStatus{Member: m, IsMember: st.Member, Basis: string(st.Basis), Reason: st.Reason, Until: st.Until})
	}
	return out, nil
}

// FeeLine is what one entrant owes. Its JSON names are those of
// `outflank fees --json`.
type FeeLine struct {
	Player int    `json:"player"`
	Name   string `json:"name"`
	Member int64  `json:"member,omitempty"` // the member record's id, 0 for none
	Pounds int    `json:"pounds"`
	Rate   string `json:"rate"`
	Reason string `json:"reason"`
}

// Fees is what a tournament's entrants owe, and the organiser's totals.
type Fees struct {
	Tournament string         `json:"tournament"`
	Name       string         `json:"name"`
	Date       string         `json:"date"`
	Kind       string         `json:"kind"`
	Lines      []FeeLine      `json:"entrants"`
	Total      int            `json:"total_pounds"`
	ByRate     map[string]int `json:"by_rate"`
	// Rates are the charges applied: the federation's for the
	// tournament's year, else the BOF rules' own.
	Rates FeeRates `json:"rates"`
}

// TournamentFees returns what each entrant of tournament slug owes by BOF
// Membership & finance 2-3, from the member records and the tournaments in
// s. An entrant is matched to a member record as in Member.Is.
func TournamentFees(ctx context.Context, s Store, ms Members, slug string) (*Fees, error) {
	t, err := s.Tournament(ctx, slug)
	if err != nil {
		return nil, err
	}
	list, err := ms.MemberList(ctx)
	if err != nil {
		return nil, err
	}
	ts, err := AllTournaments(ctx, s)
	if err != nil {
		return nil, err
	}
	ev := BOFEvent(t)
	rates := DefaultFeeRates(BOF, 0)
	if y, err := time.Parse(time.DateOnly, t.Date); err == nil {
		if rates, err = RatesFor(ctx, ms, BOF, y.Year()); err != nil {
			return nil, err
		}
	}
	entrants := make([]member.Entrant, len(t.Players))
	ids := make([]int64, len(t.Players))
	for i := range t.Players {
		p := &t.Players[i]
		e := member.Entrant{ID: p.ID, Name: p.Name, Played: Played(ts, p.WOFID, p.Name, p.Country)}
		for k := range list {
			if list[k].Is(p) {
				rec := list[k].Record()
				e.Record, ids[i] = &rec, list[k].ID
				break
			}
		}
		entrants[i] = e
	}
	b := member.FeesAt(ev, entrants, rates.Engine())
	f := &Fees{Tournament: t.Slug, Name: t.Name, Date: t.Date, Kind: string(ev.Kind), Total: b.Total, ByRate: map[string]int{}, Rates: rates}
	for i, l := range b.Lines {
		f.Lines = append(f.Lines, FeeLine{Player: l.ID, Name: l.Name, Member: ids[i], Pounds: l.Pounds, Rate: string(l.Rate), Reason: l.Reason})
	}
	if f.Lines == nil {
		f.Lines = []FeeLine{}
	}
	for r, n := range b.ByRate {
		f.ByRate[string(r)] = n
	}
	return f, nil
}

// DescribeMember is a member's record in one line, for the log.
func DescribeMember(m *Member) string {
	parts := []string{m.Name}
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+" "+v)
		}
	}
	if m.WOFID != 0 {
		add("WOF id", fmt.Sprint(m.WOFID))
	}
	add("country", m.Country)
	add("citizenship", m.Citizenship)
	add("resident since", m.ResidentSince)
	if m.Unwaged {
		parts = append(parts, "unwaged")
	}
	add("family", m.Family)
	add("paid until", m.PaidUntil)
	return strings.Join(parts, ", ")
}
