package director

import (
	"context"

	"outflank"
	"outflank/exchange"
)

// RemoveTournament removes the tournament slug once its slug was typed
// again (confirm; outflank.ConfirmRemoval), keeping a record of it: its
// export with its whole audit log (exchange.WriteRecord), who removed it
// and when, and its log's last hash. RestoreTournament brings it back.
// The command line and the console both remove through here.
func RemoveTournament(ctx context.Context, store outflank.Removals, slug, confirm string) (*outflank.Removal, error) {
	if err := outflank.ConfirmRemoval("tournament", slug, confirm); err != nil {
		return nil, err
	}
	return store.RemoveTournament(ctx, slug, exchange.EncodeRecord)
}

// RestoreTournament brings back the tournament slug from the record its
// removal kept: the same log, with the same ids and hashes, so that
// verifying it gives the hash it had when removed.
func RestoreTournament(ctx context.Context, store outflank.Removals, slug string) (*outflank.TournamentRecord, error) {
	return store.RestoreTournament(ctx, slug, exchange.DecodeRecord)
}

// DeleteCircuit deletes the circuit slug once its slug was typed again,
// keeping a record of it with its log; RestoreCircuit brings it back.
func DeleteCircuit(ctx context.Context, store outflank.Removals, slug, confirm string) (*outflank.Removal, error) {
	if err := outflank.ConfirmRemoval("circuit", slug, confirm); err != nil {
		return nil, err
	}
	return store.DeleteCircuit(ctx, slug)
}

// RestoreCircuit brings back the circuit slug, with its log, from the
// record its deletion kept.
func RestoreCircuit(ctx context.Context, store outflank.Removals, slug string) (*outflank.Circuit, error) {
	return store.RestoreDeletedCircuit(ctx, slug)
}
