//go:build !linux

package postgres_test

import (
	"testing"

	"outflank/postgres"
)

// cpuClock counts nothing where /proc and getrusage are not there.
type cpuClock struct{}

func startCPU(testing.TB, *postgres.DB) *cpuClock { return &cpuClock{} }

func (*cpuClock) report(*testing.B) {}
