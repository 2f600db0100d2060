package web

import (
	"net/http"
	"slices"
	"strings"
	"time"

	"outflank"
	"outflank/circuit"
)

// The administrators' pages of the circuits (EGP, BOF Grand Prix), as
// 'outflank circuit' keeps them: the list and a form to create one, and a
// circuit's page with its standings, what waits for a decision, its
// tournaments, the links of identities and its log. Circuits are the
// federation's records, so every page and change is an administrator's.

// consoleCircuitsView is /admin/circuits.
type consoleCircuitsView struct {
	Circuits []outflank.Circuit
	// Deleted are the records of deleted circuits, to restore.
	Deleted []outflank.Removal
	Rules   []circuitRules
	// Form is the new circuit as typed, kept when it is refused.
	Form circuitForm
}

// circuitRules is a choice of the rules of a new circuit.
type circuitRules struct{ ID, Name string }

// circuitForm is the new circuit's form as typed.
type circuitForm struct{ Slug, Name, Rules, Year string }

func (s *Server) handleConsoleCircuits(w http.ResponseWriter, r *http.Request) {
	s.circuitsPage(w, r, http.StatusOK, "", circuitForm{Rules: string(circuit.EGP), Year: time.Now().Format("2006")})
}

func (s *Server) circuitsPage(w http.ResponseWriter, r *http.Request, status int, message string, form circuitForm) {
	cs := s.circuits()
	if cs == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no circuits.")
		return
	}
	list, err := cs.Circuits(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := s.newConsoleView(w, r, nil, "circuits")
	v.Error = message
	page := consoleCircuitsView{Circuits: list, Form: form}
	if page.Deleted, err = s.removedOf(r, outflank.RemovedCircuit, principal(r)); err != nil {
		s.fail(w, r, err)
		return
	}
	for _, c := range []circuit.Rules{circuit.EGP, circuit.BOFGP} {
		page.Rules = append(page.Rules, circuitRules{ID: string(c), Name: outflank.CircuitRulesName(c)})
	}
	v.Page = page
	s.consolePage(w, r, status, "console-circuits", "Circuits", v)
}

// handleCreateCircuit creates a circuit as 'outflank circuit new' does.
func (s *Server) handleCreateCircuit(w http.ResponseWriter, r *http.Request) {
	form := circuitForm{Slug: strings.TrimSpace(r.FormValue("slug")), Name: strings.TrimSpace(r.FormValue("name")),
		Rules: r.FormValue("rules"), Year: strings.TrimSpace(r.FormValue("year"))}
	again := func(status int, message string) { s.circuitsPage(w, r, status, message, form) }
	cs := s.circuits()
	if cs == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no circuits.")
		return
	}
	year, err := atoiForm("year", form.Year)
	if err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	c := &outflank.Circuit{Slug: form.Slug, Name: form.Name, Rules: circuit.Rules(form.Rules), Year: year}
	if c.Name == "" {
		c.Name = outflank.CircuitName(c.Rules, year)
	}
	if err := c.Validate(); err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	if err := cs.CreateCircuit(r.Context(), c); err != nil {
		s.consoleFailed(w, r, err, again)
		return
	}
	s.redirectSaved(w, r, "/admin/circuits/"+c.Slug, "Created circuit "+c.Name+". Add its tournaments next.")
}

// consoleCircuitView is /admin/circuits/{slug}.
type consoleCircuitView struct {
	Circuit   *outflank.Circuit
	RulesName string
	// Table is the standings, nil when they cannot be computed (a
	// tournament of the circuit left the database).
	Table *outflank.CircuitTable
	Best  bool
	// Tournaments are the circuit's, Others those of the database it may
	// add.
	Tournaments []circuitTournament
	Others      []outflank.TournamentSummary
	// Players are the standings' players by name, for the link form; Tied
	// those tied for first place until a decision (BOF GP 6).
	Players []outflank.CircuitStanding
	Tied    []outflank.CircuitStanding
	Log     []outflank.CircuitEvent
	// Undo is the change an undo reverts, nil when none may be.
	Undo *outflank.CircuitEvent
	// Form is what was typed in a refused form.
	Form circuitChangeForm
}

// circuitTournament is a tournament of a circuit.
type circuitTournament struct {
	outflank.TournamentSummary
	// Missing: no longer in the database.
	Missing bool
}

// circuitChangeForm is the fields of the circuit page's forms.
type circuitChangeForm struct{ Tournament, A, B, Winner, Reason string }

func (s *Server) handleConsoleCircuit(w http.ResponseWriter, r *http.Request) {
	s.circuitPage(w, r, http.StatusOK, "", circuitChangeForm{})
}

func (s *Server) circuitPage(w http.ResponseWriter, r *http.Request, status int, message string, form circuitChangeForm) {
	cs := s.circuits()
	if cs == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no circuits.")
		return
	}
	ctx := r.Context()
	slug := r.PathValue("slug")
	c, err := cs.Circuit(ctx, slug)
	if err != nil {
		if outflank.ErrorCode(err) == outflank.ENOTFOUND {
			s.notFound(w, r, "There is no circuit "+slug+".", link{"/admin/circuits", "The circuits"})
			return
		}
		s.fail(w, r, err)
		return
	}
	page := consoleCircuitView{Circuit: c, RulesName: outflank.CircuitRulesName(c.Rules), Best: c.Rules == circuit.EGP, Form: form}
	v := s.newConsoleView(w, r, nil, "circuits")
	_, table, err := outflank.LoadCircuit(ctx, cs, s.store, slug)
	if err != nil {
		if code := outflank.ErrorCode(err); code != outflank.ENOTFOUND && code != outflank.ECONFLICT {
			s.fail(w, r, err)
			return
		}
		// The page still shows the tournaments, to take the missing one out.
		v.Warnings = append(v.Warnings, consoleWords(outflank.ErrorMessage(err)))
	} else {
		page.Table = table
		for _, w := range table.Warnings {
			v.Warnings = append(v.Warnings, consoleWords(w))
		}
		page.Players = slices.Clone(table.Standings)
		slices.SortStableFunc(page.Players, func(a, b outflank.CircuitStanding) int { return strings.Compare(a.Ref, b.Ref) })
		// Those tied without the decision: a recorded one may be replaced.
		if page.Tied, err = outflank.TiedForFirst(ctx, s.store, c); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	all, err := s.store.Tournaments(ctx)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	known := map[string]outflank.TournamentSummary{}
	for _, t := range all {
		known[t.Slug] = t
		if !slices.Contains(c.Tournaments, t.Slug) {
			page.Others = append(page.Others, t)
		}
	}
	for _, t := range c.Tournaments {
		ts, ok := known[t]
		if !ok {
			ts.Slug = t
		}
		page.Tournaments = append(page.Tournaments, circuitTournament{TournamentSummary: ts, Missing: !ok})
	}
	if page.Log, err = cs.CircuitLog(ctx, slug); err != nil {
		s.fail(w, r, err)
		return
	}
	page.Undo, _ = outflank.CircuitUndoTarget(slug, page.Log)
	v.Error, v.Page = message, page
	s.consolePage(w, r, status, "console-circuit", c.Name, v)
}

// circuitChange makes a change of the path's circuit from its form, then
// goes back to the circuit's page with done's message, or shows the page
// again with what was refused.
func (s *Server) circuitChange(w http.ResponseWriter, r *http.Request, change func(cs outflank.CircuitStore, slug string, f circuitChangeForm) (string, error)) {
	cs := s.circuits()
	if cs == nil {
		s.errorPage(w, r, http.StatusNotFound, "This server keeps no circuits.")
		return
	}
	f := circuitChangeForm{Tournament: strings.TrimSpace(r.FormValue("tournament")), A: strings.TrimSpace(r.FormValue("a")),
		B: strings.TrimSpace(r.FormValue("b")), Winner: strings.TrimSpace(r.FormValue("winner")), Reason: strings.TrimSpace(r.FormValue("reason"))}
	slug := r.PathValue("slug")
	done, err := change(cs, slug, f)
	if err != nil {
		s.consoleFailed(w, r, err, func(status int, message string) { s.circuitPage(w, r, status, message, f) })
		return
	}
	s.redirectSaved(w, r, "/admin/circuits/"+slug, done)
}

// need refuses an empty field, saying what to give.
func need(value, what string) error {
	if value == "" {
		return outflank.Errorf(outflank.EINVALID, "%s", what)
	}
	return nil
}

func (s *Server) handleCircuitAdd(w http.ResponseWriter, r *http.Request) {
	s.circuitChange(w, r, func(cs outflank.CircuitStore, slug string, f circuitChangeForm) (string, error) {
		if err := need(f.Tournament, "choose the tournament to add to the circuit"); err != nil {
			return "", err
		}
		warnings, err := outflank.AddCircuitTournaments(r.Context(), cs, s.store, slug, []string{f.Tournament})
		if err != nil {
			return "", err
		}
		done := "Added " + f.Tournament + " to the circuit."
		for _, w := range warnings {
			done += " Warning: " + w + "."
		}
		return done, nil
	})
}

func (s *Server) handleCircuitRemove(w http.ResponseWriter, r *http.Request) {
	s.circuitChange(w, r, func(cs outflank.CircuitStore, slug string, f circuitChangeForm) (string, error) {
		if err := need(f.Tournament, "name the tournament to remove from the circuit"); err != nil {
			return "", err
		}
		if err := outflank.RemoveCircuitTournaments(r.Context(), cs, slug, []string{f.Tournament}); err != nil {
			return "", err
		}
		return "Removed " + f.Tournament + " from the circuit.", nil
	})
}

func (s *Server) handleCircuitLink(w http.ResponseWriter, r *http.Request) {
	s.circuitChange(w, r, func(cs outflank.CircuitStore, slug string, f circuitChangeForm) (string, error) {
		if f.A == "" || f.B == "" {
			return "", need("", "give the two players to link, each by WOF id or exact name")
		}
		if err := outflank.LinkCircuitPlayers(r.Context(), cs, s.store, slug, f.A, f.B); err != nil {
			return "", err
		}
		return "Linked " + f.B + " to " + f.A + ": one player.", nil
	})
}

func (s *Server) handleCircuitDecide(w http.ResponseWriter, r *http.Request) {
	s.circuitChange(w, r, func(cs outflank.CircuitStore, slug string, f circuitChangeForm) (string, error) {
		if f.Winner == "" || f.Reason == "" {
			return "", need("", "give the winner (a WOF id or an exact name) and the reason: the play-off game or the coin toss")
		}
		if err := outflank.DecideCircuit(r.Context(), cs, s.store, slug, f.Winner, f.Reason); err != nil {
			return "", err
		}
		return "Recorded: " + f.Winner + " wins the circuit (" + f.Reason + ").", nil
	})
}
