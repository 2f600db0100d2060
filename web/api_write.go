package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"outflank/words"
	"strconv"
	"strings"
	"time"
	"unicode"

	"outflank"
	"outflank/director"
	"outflank/report"
)

// The JSON write API (docs/api.md): the director's commands for scripts,
// with a bearer token (or a browser session and its CSRF token). Each
// route calls the same director function as the command line, and answers
// 401 without a credential, 403 without the right, 400 with a message for
// bad input, 404 for what does not exist, 409 for a conditional write that
// lost.

func (s *Server) registerWriteRoutes(mux *http.ServeMux) {
	s.route(mux, "POST /api/t/{slug}/players", Director, s.handleAddPlayer)
	// A director's: a table judge submits his game through the judges'
	// routes (judging.go), which keep the confirmation setting and leave
	// penalties and replacements to the director.
	s.route(mux, "POST /api/t/{slug}/rounds/{round}/results/{table}", Director, s.handleEnterResult)
	s.route(mux, "POST /api/t/{slug}/pair", Director, s.handlePair)
	s.route(mux, "POST /api/t/{slug}/rounds", Director, s.handleAPIAddRound)
	s.route(mux, "POST /api/t/{slug}/undo", Director, s.handleUndo)
	s.route(mux, "POST /api/t/{slug}/rounds/{round}/games/{table}/withdraw", Director, s.handleWithdrawGameAPI)
}

// decodeBody reads the request's JSON body into v, refusing unknown fields,
// a key given twice and anything after the document.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return outflank.Errorf(outflank.EINVALID, "the request body is larger than %d bytes", maxBody)
		}
		return outflank.Errorf(outflank.EINVALID, "the request body could not be read: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return outflank.Errorf(outflank.EINVALID, "the request has no JSON body: send the fields as a JSON object")
		}
		return outflank.Errorf(outflank.EINVALID, "the request body is not the JSON expected: %v", err)
	}
	if dec.More() {
		return outflank.Errorf(outflank.EINVALID, "the request body holds more than one JSON document")
	}
	if key, ok := duplicateKey(body); ok {
		return outflank.Errorf(outflank.EINVALID, "the request body gives the key %q more than once: send each field once", key)
	}
	return nil
}

// duplicateKey returns the first key that an object of the JSON document
// doc gives twice, and true; encoding/json would keep the last silently,
// so that what a proxy or a log reads as the request is not what was done
// (issue 25). Keys are compared as encoding/json matches them to fields:
// without regard to case ("name" and "Name" are one field). doc has been
// decoded already; a document that does not parse reports no key.
func duplicateKey(doc []byte) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	// objects holds, for each object open, the keys seen; a nil entry is
	// an array. key says whether the next string of an object is a key.
	var objects []map[string]bool
	key := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				objects = append(objects, map[string]bool{})
				key = true
				continue
			case '[':
				objects = append(objects, nil)
			case '}', ']':
				objects = objects[:len(objects)-1]
				if len(objects) == 0 {
					return "", false
				}
			}
		case string:
			if key {
				folded := foldKey(t)
				seen := objects[len(objects)-1]
				if seen[folded] {
					return t, true
				}
				seen[folded] = true
				key = false
				continue
			}
		}
		if len(objects) == 0 {
			return "", false // a document that is not an object or array
		}
		// After a value inside an object, the next string is a key.
		key = objects[len(objects)-1] != nil
	}
}

// foldKey is a key as encoding/json matches it: each letter replaced by the
// smallest of its case folds, so that two keys fold alike exactly when
// strings.EqualFold says they are equal.
func foldKey(k string) string {
	var b strings.Builder
	for _, c := range k {
		least := c
		for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		b.WriteRune(least)
	}
	return b.String()
}

// saved is the answer to a write: the change as the log records it, and
// the tournament's version after it.
type saved struct {
	ID       int64     `json:"id"`
	At       time.Time `json:"at"`
	Actor    string    `json:"actor"`
	Kind     string    `json:"kind"`
	Summary  string    `json:"summary"`
	Note     string    `json:"note,omitempty"`
	Warnings []string  `json:"warnings,omitempty"`
	Player   *int      `json:"player,omitempty"`
	Rounds   []int     `json:"rounds,omitempty"`
	// Version is the tournament's version once the change is saved: the
	// number the live streams' change event for it carries (docs/api.md).
	// The result, pair and game withdrawal routes give it.
	Version int64 `json:"version,omitempty"`
}

func savedOf(ev *outflank.Event) saved {
	return saved{ID: ev.ID, At: ev.At, Actor: ev.Actor, Kind: ev.Kind, Summary: ev.Summary}
}

// writeSaved answers a write that was saved: 201 with the change.
func (s *Server) writeSaved(w http.ResponseWriter, doc saved) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusCreated)
	report.WriteJSON(w, doc)
}

// writeFailed answers a write that was refused, with the domain's message.
func (s *Server) writeFailed(w http.ResponseWriter, r *http.Request, err error) {
	status := statusOf(err)
	if status == http.StatusInternalServerError {
		s.log.Error("a write failed", "path", r.URL.Path, "err", err)
	}
	s.errorPage(w, r, status, outflank.ErrorMessage(err))
}

// playerFields are the fields of `player add`.
type playerFields struct {
	Name       string `json:"name"`
	Country    string `json:"country"`
	Rating     *int   `json:"rating"`
	Gender     string `json:"gender"`
	Born       string `json:"born"`
	Seeded     bool   `json:"seeded"`
	Additional bool   `json:"additional"`
	Team       string `json:"team"`
	WOFID      int    `json:"wof_id"`
	// Eligibility (docs/rules.md, "Eligibility"): as --citizenship,
	// --resident-since, --exemption and --override.
	Citizenship   string `json:"citizenship"`
	ResidentSince string `json:"resident_since"`
	Exemption     string `json:"exemption"`
	Override      string `json:"override"`
}

func (s *Server) handleAddPlayer(w http.ResponseWriter, r *http.Request) {
	var f playerFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	p := outflank.Player{Name: f.Name, Country: f.Country, Gender: f.Gender, Born: f.Born, Seeded: f.Seeded, Additional: f.Additional, Team: f.Team, WOFID: f.WOFID,
		Citizenship: f.Citizenship, ResidentSince: f.ResidentSince, Exemption: f.Exemption}
	if f.Rating != nil {
		p.Rating = *f.Rating
	}
	reg, err := director.Register(r.Context(), s.store, r.PathValue("slug"), p, director.Entry{TypedRating: f.Rating != nil, Override: f.Override})
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	doc := savedOf(reg.Event)
	doc.Warnings, doc.Player = reg.Warnings, &reg.Player.ID
	s.writeSaved(w, doc)
}

func (s *Server) handleEnterResult(w http.ResponseWriter, r *http.Request) {
	var f director.ResultFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	var err error
	if f.Round, err = strconv.Atoi(r.PathValue("round")); err != nil {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "round %q: give a round number", r.PathValue("round")))
		return
	}
	if f.Table, err = strconv.Atoi(r.PathValue("table")); err != nil {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "table %q: give a table number", r.PathValue("table")))
		return
	}
	if f.Match != "" || f.Game != 0 {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "the round and table are in the address: leave match and game out"))
		return
	}
	req, err := f.Request()
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	entered, err := director.EnterResult(r.Context(), s.store, r.PathValue("slug"), req, nil)
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	doc := savedOf(entered.Event)
	doc.Note, doc.Version, doc.Warnings = entered.Note, entered.Version, entered.Words
	s.writeSaved(w, doc)
}

// pairFields are the fields of `outflank pair`.
type pairFields struct {
	Round   int      `json:"round"`
	Seed    string   `json:"seed"`
	Fix     []string `json:"fix"`
	Forbid  []string `json:"forbid"`
	Choices []string `json:"choices"`
	Match   string   `json:"match"`
	Replace bool     `json:"replace"`
	// Untold: the players who have not told their choice of colour yet.
	Untold []string `json:"untold"`
}

func (s *Server) handlePair(w http.ResponseWriter, r *http.Request) {
	var f pairFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	seed, err := director.ParseSeed(strings.TrimSpace(f.Seed))
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	if f.Round < 0 {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "round %d: give the round to pair, or leave it out for the next", f.Round))
		return
	}
	p, err := director.Pair(r.Context(), s.store, r.PathValue("slug"), director.PairRequest{Round: f.Round, Seed: seed, SeedGiven: f.Seed != "",
		Fix: f.Fix, Forbid: f.Forbid, Choices: f.Choices, Match: f.Match, Replace: f.Replace, Untold: f.Untold})
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	doc := savedOf(p.Event)
	doc.Version, doc.Warnings = p.Version, p.Paired.Notes
	for _, q := range append([]*outflank.Paired{p.Paired}, p.Paired.Also...) {
		doc.Rounds = append(doc.Rounds, q.Round.Number)
	}
	s.writeSaved(w, doc)
}

// roundFields are the fields of `outflank round add`: a round entered by
// hand (pairings made on paper, an event moved from another program).
type roundFields struct {
	Round int      `json:"round"`
	Pairs []string `json:"pairs"`
	Byes  []string `json:"byes"`
	Stage string   `json:"stage"`
	Force bool     `json:"force"`
}

// maxHandRound bounds the games and byes of a round entered by hand, as
// the console's form does.
const maxHandRound = 2000

func (s *Server) handleAPIAddRound(w http.ResponseWriter, r *http.Request) {
	var f roundFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	if f.Round < 0 {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "round %d: give the round to enter, or leave it out for the next", f.Round))
		return
	}
	if len(f.Pairs) > maxHandRound || len(f.Byes) > maxHandRound {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "%s and %s: a round has at most %d of each", words.Count(len(f.Pairs), "pair"), words.Count(len(f.Byes), "bye"), maxHandRound))
		return
	}
	if f.Stage != "" {
		if _, err := outflank.ParseStage(f.Stage); err != nil {
			s.writeFailed(w, r, err)
			return
		}
	}
	added, err := director.AddRound(r.Context(), s.store, r.PathValue("slug"), director.RoundByHand{Round: f.Round, Stage: f.Stage, Pairs: f.Pairs, Byes: f.Byes, Force: f.Force})
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	doc := savedOf(added.Event)
	doc.Version, doc.Rounds = added.Version, []int{added.Round}
	for _, n := range added.Notices {
		doc.Warnings = append(doc.Warnings, n.Text)
	}
	s.writeSaved(w, doc)
}

// undoFields are the fields of `outflank undo`.
type undoFields struct {
	Expect int64 `json:"expect"`
}

func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var f undoFields
	if err := decodeBody(w, r, &f); err != nil {
		s.writeFailed(w, r, err)
		return
	}
	ev, err := director.Undo(r.Context(), s.store, r.PathValue("slug"), f.Expect)
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	s.writeSaved(w, savedOf(ev))
}

// handleWithdrawGameAPI takes back the knockout game at the path's round
// and table alone, as 'outflank round withdraw' does: one the rules no
// longer call for, or one not played yet.
func (s *Server) handleWithdrawGameAPI(w http.ResponseWriter, r *http.Request) {
	round, err1 := strconv.Atoi(r.PathValue("round"))
	table, err2 := strconv.Atoi(r.PathValue("table"))
	if err1 != nil || err2 != nil {
		s.writeFailed(w, r, outflank.Errorf(outflank.EINVALID, "round %q table %q: give two numbers", r.PathValue("round"), r.PathValue("table")))
		return
	}
	wd, err := director.WithdrawGame(r.Context(), s.store, r.PathValue("slug"), director.GameRef{Round: round, Table: table})
	if err != nil {
		s.writeFailed(w, r, err)
		return
	}
	doc := savedOf(wd.Event)
	doc.Version = wd.Version
	s.writeSaved(w, doc)
}
