//go:build !unix

package sqlite

// nearlyFull cannot tell on this system; I/O errors are reported as such.
func nearlyFull(string) bool { return false }

// writable cannot tell on this system; SQLite's own errors will.
func writable(string) bool { return true }
