package main

import (
	"context"

	"outflank"
)

// openPostgres opens the PostgreSQL database at url. The PostgreSQL store
// (package postgres) is not on this branch yet: until it is, a postgres://
// --db is refused.
func openPostgres(_ context.Context, url string) (database, error) {
	return nil, outflank.Errorf(outflank.EINVALID, "--db %s: this outflank was built without the PostgreSQL store", redactURL(url))
}
