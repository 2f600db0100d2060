package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"outflank"
	"outflank/circuit"
	"outflank/exchange"
)

// testArchiveLaterRecords (issue 26): what a full db copy carries beside
// the tournaments and the records it carried before. The edits made
// outside Outflank come with a tournament restored (Dump reads them,
// Restore records them again); the fee rates come with the member records,
// in their transaction; the records of a removed tournament and a deleted
// circuit come with their ids, and restore in the other store whole. Each
// is refused, writing nothing, by a store that has its own.
func testArchiveLaterRecords(t *testing.T, src outflank.Store, to Opener) {
	ctx := outflank.WithActor(context.Background(), "td:anna")
	rec := archived(t, src)

	// The edits made outside Outflank, with the tournament.
	edited := *rec
	edited.Outside = []outflank.OutsideEdit{
		{At: time.Date(2026, 5, 1, 10, 0, 0, 123e6, time.UTC), Entity: "game", Key: "1/2", Kind: "update"},
		{At: time.Date(2026, 5, 1, 10, 0, 1, 0, time.UTC), Entity: "tournament", Key: "sample", Kind: "update"},
	}
	hall := to(t)
	if err := archive(t, hall).Restore(ctx, &edited); err != nil {
		t.Fatal(err)
	}
	got, err := archive(t, hall).Dump(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Outside) != len(edited.Outside) {
		t.Fatalf("the edits made outside Outflank restored: %+v, want %+v", got.Outside, edited.Outside)
	}
	for i, o := range got.Outside {
		want := edited.Outside[i]
		if !o.At.Equal(want.At) || o.Entity != want.Entity || o.Key != want.Key || o.Kind != want.Kind {
			t.Errorf("edit %d made outside Outflank restored as %+v, want %+v", i, o, want)
		}
	}
	audit, err := hall.Audit(ctx, "sample")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := audit.Verify(); outflank.ErrorCode(err) != outflank.ECONFLICT {
		t.Errorf("the copy's log verifies (%v); want it to name the edits made outside Outflank, as the original's would", err)
	}

	// The removals: a tournament (its record as the command line keeps
	// it) and a circuit.
	dst := to(t)
	srcRem, dstRem := removals(t, src), removals(t, dst)
	srcArc, dstArc := recordsArchive(t, src), recordsArchive(t, dst)
	if _, err := srcRem.RemoveTournament(ctx, "sample", exchange.EncodeRecord); err != nil {
		t.Fatal(err)
	}
	circuits := src.(outflank.CircuitStore)
	if err := circuits.CreateCircuit(ctx, &outflank.Circuit{Slug: "gp", Name: "GP 2026", Rules: circuit.BOFGP, Year: 2026}); err != nil {
		t.Fatal(err)
	}
	if _, err := srcRem.DeleteCircuit(ctx, "gp"); err != nil {
		t.Fatal(err)
	}
	kept, err := srcArc.DumpRemovals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 2 || kept[0].Kind != outflank.RemovedTournament || kept[1].Kind != outflank.RemovedCircuit || len(kept[0].Record) == 0 || kept[0].Head != rec.Head {
		t.Fatalf("removals dumped: %+v", kept)
	}
	if err := dstArc.RestoreRemovals(ctx, kept); err != nil {
		t.Fatal(err)
	}
	copied, err := dstArc.DumpRemovals(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(copied) != len(kept) {
		t.Fatalf("removals copied: %+v, want %+v", copied, kept)
	}
	for i := range copied {
		c, k := copied[i], kept[i]
		if c.ID != k.ID || c.Kind != k.Kind || c.Slug != k.Slug || !c.At.Equal(k.At) || c.Actor != k.Actor || c.Head != k.Head || string(c.Record) != string(k.Record) {
			t.Errorf("removal %d copied as %+v, want %+v", i, c, k)
		}
	}
	wantCode(t, dstArc.RestoreRemovals(ctx, kept), outflank.ECONFLICT)
	restored, err := dstRem.RestoreTournament(ctx, "sample", exchange.DecodeRecord)
	if err != nil {
		t.Fatalf("restoring the tournament removed in the other store: %v", err)
	}
	if restored.Head != rec.Head {
		t.Errorf("restored sample: head %s, want %s", restored.Head, rec.Head)
	}
	verifiesHead(t, dst, "sample", rec.Head)
	if _, err := dstRem.RestoreDeletedCircuit(ctx, "gp"); err != nil {
		t.Fatalf("restoring the circuit deleted in the other store: %v", err)
	}
	// Later removals take later ids: the latest record is the one
	// restored.
	if _, err := dstRem.RemoveTournament(ctx, "sample", exchange.EncodeRecord); err != nil {
		t.Fatal(err)
	}
	if list, err := dstRem.Removals(ctx); err != nil || len(list) != 1 || list[0].ID <= kept[1].ID {
		t.Errorf("removals after removing sample again: %+v, %v; want one, numbered after #%d", list, err, kept[1].ID)
	}

	// The fee rates, with the member records.
	fees, ok := src.(outflank.FeeRateStore)
	if !ok {
		t.Fatalf("%T is not an outflank.FeeRateStore", src)
	}
	if err := fees.SetFeeRates(ctx, outflank.FeeRates{Federation: outflank.BOF, Year: 2027, Standard: 12, Unwaged: 6, Family: 15}); err != nil {
		t.Fatal(err)
	}
	rates, err := fees.FeeRateList(ctx)
	if err != nil {
		t.Fatal(err)
	}
	log, err := src.(outflank.Members).MemberLog(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	if err := dstArc.RestoreMembers(ctx, nil, log, rates); err != nil {
		t.Fatal(err)
	}
	if got, err := dst.(outflank.FeeRateStore).FeeRateList(ctx); err != nil || !reflect.DeepEqual(got, rates) {
		t.Errorf("fee rates copied: %+v, %v; want %+v", got, err, rates)
	}
	wantCode(t, dstArc.RestoreMembers(ctx, nil, nil, rates), outflank.ECONFLICT)
}

func removals(t *testing.T, s outflank.Store) outflank.Removals {
	t.Helper()
	r, ok := s.(outflank.Removals)
	if !ok {
		t.Fatalf("%T is not an outflank.Removals", s)
	}
	return r
}

func recordsArchive(t *testing.T, s outflank.Store) outflank.RecordsArchive {
	t.Helper()
	r, ok := s.(outflank.RecordsArchive)
	if !ok {
		t.Fatalf("%T is not an outflank.RecordsArchive", s)
	}
	return r
}

// verifiesHead checks that the log of slug in s verifies with head.
func verifiesHead(t *testing.T, s outflank.Store, slug, head string) {
	t.Helper()
	audit, err := s.Audit(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := audit.Verify(); err != nil || got != head {
		t.Errorf("log of %s: head %s, %v; want %s", slug, got, err, head)
	}
}
