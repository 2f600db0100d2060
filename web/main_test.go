package web

import (
	"os"
	"testing"
)

// TestMain makes every store of the tests compare each tournament it
// serves from memory with a full load (internal/memo): a difference fails
// the test that read it.
func TestMain(m *testing.M) {
	if _, set := os.LookupEnv("OUTFLANK_VERIFY_MEMO"); !set {
		os.Setenv("OUTFLANK_VERIFY_MEMO", "1")
	}
	os.Exit(m.Run())
}
