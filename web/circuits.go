package web

import (
	"bytes"
	"context"
	"hash/fnv"
	"net/http"

	"outflank"
	"outflank/circuit"
	"outflank/report"
)

func (s *Server) registerCircuitRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /c/{slug}", s.handleCircuit)
	mux.HandleFunc("GET /api/c/{slug}", s.handleCircuitAPI)
	s.route(mux, "GET /admin/circuits", Admin, s.handleConsoleCircuits)
	s.route(mux, "POST /admin/circuits", Admin, s.handleCreateCircuit)
	s.route(mux, "GET /admin/circuits/{slug}", Admin, s.handleConsoleCircuit)
	s.route(mux, "POST /admin/circuits/{slug}/add", Admin, s.handleCircuitAdd)
	s.route(mux, "POST /admin/circuits/{slug}/remove", Admin, s.handleCircuitRemove)
	s.route(mux, "POST /admin/circuits/{slug}/link", Admin, s.handleCircuitLink)
	s.route(mux, "POST /admin/circuits/{slug}/decide", Admin, s.handleCircuitDecide)
	s.route(mux, "POST /admin/circuits/{slug}/unlink", Admin, s.handleCircuitUnlink)
	s.route(mux, "POST /admin/circuits/{slug}/undo", Admin, s.handleCircuitUndo)
	s.route(mux, "POST /admin/circuits/{slug}/delete", Admin, s.handleCircuitDelete)
	s.route(mux, "POST /admin/circuits/{slug}/restore", Admin, s.handleCircuitRestore)
}

// circuits is the store's circuits, nil when it keeps none.
func (s *Server) circuits() outflank.CircuitStore {
	cs, _ := s.store.(outflank.CircuitStore)
	return cs
}

// circuitView is the circuit page.
type circuitView struct {
	*outflank.CircuitTable
	RulesName string
	Year      int
	// EGP: only the best results count, so the page marks them.
	Best bool
}

// loadCircuit computes a circuit's standings, or answers 404.
func (s *Server) loadCircuit(ctx context.Context, slug string) (*outflank.Circuit, *outflank.CircuitTable, error) {
	cs := s.circuits()
	if cs == nil {
		return nil, nil, outflank.Errorf(outflank.ENOTFOUND, "This site keeps no circuits.")
	}
	return outflank.LoadCircuit(ctx, cs, s.store, slug)
}

// writeCircuitPage serves a circuit's page or document. Circuits change
// apart from tournaments, so the page is made for each request and its
// version (its ETag) is taken from its content.
func (s *Server) writeCircuitPage(w http.ResponseWriter, r *http.Request, ctype string, body []byte) {
	h := fnv.New64a()
	h.Write(body)
	s.write(w, r, newPage(cacheKey(r), int64(h.Sum64()>>1), ctype, body))
}

func (s *Server) handleCircuit(w http.ResponseWriter, r *http.Request) {
	c, table, err := s.loadCircuit(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	v := circuitView{CircuitTable: table, RulesName: outflank.CircuitRulesName(c.Rules), Year: c.Year, Best: c.Rules == circuit.EGP}
	body, err := s.pages.render("circuit", r.URL.Query().Has("fragment"), view{Title: c.Name, Nav: "home", Data: v})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeCircuitPage(w, r, "text/html; charset=utf-8", body)
}

func (s *Server) handleCircuitAPI(w http.ResponseWriter, r *http.Request) {
	_, table, err := s.loadCircuit(r.Context(), r.PathValue("slug"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, table); err != nil {
		s.fail(w, r, err)
		return
	}
	s.writeCircuitPage(w, r, "application/json", buf.Bytes())
}

// circuitLinks lists the circuits for the home page, newest first.
func (s *Server) circuitLinks(ctx context.Context) []outflank.Circuit {
	cs := s.circuits()
	if cs == nil {
		return nil
	}
	list, err := cs.Circuits(ctx)
	if err != nil {
		s.log.Error("listing the circuits", "err", err)
		return nil
	}
	return list
}
