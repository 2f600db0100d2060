package sqlite

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
)

// walFixture leaves a database at path in WAL mode with n committed write
// transactions in its log (the connection stays open until the test ends,
// so the log is not folded into the file), each incrementing user_version.
func walFixture(t *testing.T, n int) (path string, raw *sql.DB) {
	t.Helper()
	path = filepath.Join(t.TempDir(), "w.db")
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	raw.SetMaxOpenConns(1)
	t.Cleanup(func() { raw.Close() })
	if _, err := raw.Exec(`CREATE TABLE x (v TEXT); PRAGMA user_version = 5`); err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		// As every Outflank write transaction: a change and the counter.
		if _, err := raw.Exec(`BEGIN; INSERT INTO x VALUES (?); PRAGMA user_version = `+itoa(6+i)+`; COMMIT`, i); err != nil {
			t.Fatal(err)
		}
	}
	return path, raw
}

func TestReadWAL(t *testing.T) {
	path, _ := walFixture(t, 3)
	h, err := readHeader(path, path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := readWAL(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	// Three transactions since the log was reset over the checkpointed
	// file (counter 5), each incrementing the counter in page 1.
	if !s.committed || !s.firstHasPage1 || !s.lastPage1 || h.counter != 5 || s.first != 6 || s.last != 8 {
		t.Fatalf("log %+v over a file with counter %d", s, h.counter)
	}
	if !s.belongs(h) {
		t.Error("a database's own log does not belong to it")
	}
	for _, c := range []struct {
		counter uint32
		want    bool
	}{{0, false}, {4, false}, {5, true}, {6, true}, {8, true}, {9, false}, {100, false}} {
		other := h
		other.counter = c.counter
		if got := s.belongs(other); got != c.want {
			t.Errorf("a file with counter %d (log from %d to %d): belongs %v, want %v", c.counter, s.first, s.last, got, c.want)
		}
	}
	// A log cut short keeps its valid, committed prefix.
	data, err := os.ReadFile(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	frame := 24 + s.pageSize
	cut := filepath.Join(t.TempDir(), "cut-wal")
	if err := os.WriteFile(cut, data[:32+2*frame+100], 0o600); err != nil {
		t.Fatal(err)
	}
	short, err := readWAL(cut)
	if err != nil {
		t.Fatal(err)
	}
	if !short.committed || short.last >= s.last || short.first != s.first {
		t.Errorf("a log cut after two frames reads as %+v", short)
	}
	// A corrupted frame ends the valid log before it.
	data[32+24+200] ^= 0xff
	bad := filepath.Join(t.TempDir(), "bad-wal")
	if err := os.WriteFile(bad, data, 0o600); err != nil {
		t.Fatal(err)
	}
	if s, _ := readWAL(bad); s.committed {
		t.Errorf("a log whose first frame is damaged reads as %+v", s)
	}
}

// FuzzReadWAL: any bytes as a log read without panicking, and a log read
// from them is consistent.
func FuzzReadWAL(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.db")
	raw, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)")
	if err != nil {
		f.Fatal(err)
	}
	raw.SetMaxOpenConns(1)
	if _, err := raw.ExecContext(context.Background(), `CREATE TABLE x (v); INSERT INTO x VALUES (1); PRAGMA user_version = 7`); err != nil {
		f.Fatal(err)
	}
	if data, err := os.ReadFile(path + "-wal"); err == nil {
		f.Add(data)
	}
	raw.Close()
	f.Add([]byte{})
	f.Add([]byte("\x37\x7f\x06\x82 not a log"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f-wal")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		s, err := readWAL(p)
		if err != nil {
			t.Fatal(err)
		}
		if s.firstHasPage1 && !s.committed || s.lastPage1 && !s.committed {
			t.Errorf("inconsistent summary %+v", s)
		}
		_ = s.belongs(fileHeader{size: 4096, pageSize: 4096, counter: 5})
	})
}

// FuzzReadHeader: any bytes as a database file are read without panicking.
func FuzzReadHeader(f *testing.F) {
	f.Add([]byte("SQLite format 3\x00"))
	f.Add(append([]byte("SQLite format 3\x00\x10\x00"), make([]byte, 90)...))
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(t.TempDir(), "f.db")
		if err := os.WriteFile(p, data, 0o600); err != nil {
			t.Fatal(err)
		}
		h, err := readHeader(p, p)
		if err == nil {
			_ = h.checkSize(p)
		}
	})
}
