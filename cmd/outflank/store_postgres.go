package main

import (
	"context"

	"outflank"
	"outflank/postgres"
)

// The PostgreSQL store keeps everything a database keeps, and copies it.
var (
	_ database                = (*postgres.DB)(nil)
	_ outflank.Archive        = (*postgres.DB)(nil)
	_ outflank.RecordsArchive = (*postgres.DB)(nil)
)

// openPostgres opens the PostgreSQL database at url, bringing its schema
// up to date.
func openPostgres(ctx context.Context, url string) (database, error) {
	db, err := postgres.Open(ctx, url)
	if err != nil {
		return nil, err
	}
	return db, nil
}
