package main

import (
	"runtime"
	"runtime/debug"

	"outflank/postgres"
	"outflank/sqlite"
)

// version and commit are stamped by scripts/release with -ldflags
// "-X main.version=v1.2.3 -X main.commit=...": a plain build says "devel",
// and takes the commit from what Go's build recorded, if anything.
var (
	version = "devel"
	commit  = ""
)

// versionInfo is what `outflank version --json` prints.
type versionInfo struct {
	Version  string `json:"version"`
	Commit   string `json:"commit,omitempty"`
	Time     string `json:"commit_time,omitempty"`
	Modified bool   `json:"modified,omitempty"`
	Go       string `json:"go"`
	Platform string `json:"platform"`
	// Schema is the newest database schema of each store this binary
	// knows: an upgrade whose schema is the running one's can be rolled
	// out one instance at a time (docs/deploy.md, "Upgrading").
	Schema schemaInfo `json:"schema"`
}

// schemaInfo is the newest schema version of each store.
type schemaInfo struct {
	Postgres int `json:"postgres"`
	SQLite   int `json:"sqlite"`
}

// buildInfo reads what the build recorded: the release stamped into the
// binary, and the commit Go's build records from the repository.
func buildInfo() versionInfo {
	v := versionInfo{Version: version, Commit: commit, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH,
		Schema: schemaInfo{Postgres: postgres.SchemaVersion(), SQLite: sqlite.SchemaVersion()}}
	if info, ok := debug.ReadBuildInfo(); ok && commit == "" {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Commit = s.Value
			case "vcs.time":
				v.Time = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	return v
}

func runVersion(e *env, args []string) error {
	fs := e.newFlags("version", "version [--json]")
	asJSON := fs.Bool("json", false, "print the version as JSON")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("usage: outflank version [--json]")
	}
	v := buildInfo()
	if *asJSON {
		return writeJSON(e.stdout, v)
	}
	e.printf(e.stdout, "outflank %s (%s, %s)\n", v.Version, v.Platform, v.Go)
	if v.Commit != "" {
		modified := ""
		if v.Modified {
			modified = ", with uncommitted changes"
		}
		e.printf(e.stdout, "commit %s, %s%s\n", v.Commit, v.Time, modified)
	}
	e.printf(e.stdout, "database schema: PostgreSQL %d, SQLite %d\n", v.Schema.Postgres, v.Schema.SQLite)
	return nil
}
