package sqlite_test

import (
	"context"
	"testing"

	"outflank"
	"outflank/internal/storetest"
	"outflank/rules"
)

// The suites of the stores beside the tournaments', which the PostgreSQL
// store runs too.

func TestAccountsSuite(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) storetest.Accounts {
		db := MustOpenDB(t)
		return storetest.Accounts{Accounts: db, AddTournament: func(t *testing.T, slug string) {
			tour, err := outflank.NewTournament(slug, slug, "", rules.Custom, 3)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Create(context.Background(), tour, outflank.KindCreate, "created"); err != nil {
				t.Fatal(err)
			}
		}}
	})
}

func TestLiveGamesSuite(t *testing.T) { storetest.RunLiveGames(t, MustOpenDB(t)) }

func TestPlayerDBSuite(t *testing.T) { storetest.RunPlayerDirectory(t, MustOpenDB(t)) }

func TestCircuitStoreSuite(t *testing.T) { storetest.RunCircuitStore(t, MustOpenDB(t)) }

func TestMembersSuite(t *testing.T) { storetest.RunMembers(t, MustOpenDB(t)) }

func TestRemovalsSuite(t *testing.T) { storetest.RunRemovals(t, MustOpenDB(t)) }
func TestFeeRatesSuite(t *testing.T) { storetest.RunFeeRates(t, MustOpenDB(t)) }
