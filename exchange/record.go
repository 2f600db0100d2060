package exchange

import (
	"bytes"
	"encoding/json"
	"io"
	"time"

	"outflank"
)

// fileRecord is the tournament file with the tournament's audit log: what
// removing a tournament keeps (docs/records.md, "Removing and restoring").
// 'import' reads it as the tournament file it also is (the log is then
// left out); RestoreTournament brings it back whole from it.
type fileRecord struct {
	fileTournament
	// Log is the audit log as recorded, oldest first; LogHead the hash of
	// its latest entry, as the tournament recorded it.
	Log     []outflank.Event `json:"log"`
	LogHead string           `json:"log_head"`
	// CreatedAt is when the tournament was first stored; Version its
	// stored version when it was removed.
	CreatedAt time.Time `json:"created_at"`
	Version   int64     `json:"version"`
}

// WriteRecord writes rec as a tournament file with its audit log.
func WriteRecord(w io.Writer, rec *outflank.TournamentRecord) error {
	t := rec.Tournament
	return writeIndented(w, t.Slug, fileRecord{fileTournament: fileOf(t), Log: rec.Events, LogHead: rec.Head, CreatedAt: rec.CreatedAt, Version: t.Version})
}

// EncodeRecord is WriteRecord into bytes.
func EncodeRecord(rec *outflank.TournamentRecord) ([]byte, error) {
	var b bytes.Buffer
	if err := WriteRecord(&b, rec); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// DecodeRecord reads what WriteRecord wrote. The tournament is its log's
// (outflank.FromLog, which verifies every hash and the head), and must
// agree with the tournament file around it: a record is restored only as
// it was removed.
func DecodeRecord(data []byte) (*outflank.TournamentRecord, error) {
	var f fileRecord
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, jsonError(data, err)
	}
	if f.Format != FormatJSON {
		return nil, outflank.Errorf(outflank.EINVALID, "format %q: this is not an %s tournament file", f.Format, FormatJSON)
	}
	if len(f.Log) == 0 {
		return nil, outflank.Errorf(outflank.EINVALID, "tournament file %s has no audit log: it is a tournament's export, not the record of a removed one; import it instead", f.Slug)
	}
	t, err := outflank.FromLog(f.Log, f.LogHead)
	if err != nil {
		return nil, err
	}
	if t.Slug != f.Slug || t.Name != f.Name || len(t.Players) != len(f.Players) || len(t.Rounds) != len(f.Rounds) {
		return nil, outflank.Errorf(outflank.ECONFLICT, "the record of %s disagrees with its log (the log gives %s, %d players, %d rounds): it was altered", f.Slug, t.Slug, len(t.Players), len(t.Rounds))
	}
	t.Version = f.Version
	return &outflank.TournamentRecord{Tournament: t, CreatedAt: f.CreatedAt, Events: f.Log, Head: f.LogHead}, nil
}

// HasLog reports whether data, a tournament file, carries an audit log:
// a record WriteRecord wrote, which import restores whole.
func HasLog(data []byte) bool {
	var f struct {
		Log []json.RawMessage `json:"log"`
	}
	return json.Unmarshal(data, &f) == nil && len(f.Log) > 0
}
