package main

import (
	"bytes"
	"context"
	"fmt"
	"os"

	"outflank"
	"outflank/exchange"
	"outflank/rules"
	"outflank/sqlite"
)

// maxWarnings is how many warnings import prints by default: enough to
// see what kind of oddities a file has without burying the result.
const maxWarnings = 20

func runImport(e *env, args []string) error {
	const usage = "import FILE [--slug SLUG] [--rules RULESET]"
	fs := e.newFlags("import", usage)
	slug := fs.String("slug", "", "store the tournament under this slug (default: the file's; for .ELO, made from its name)")
	ruleset := fs.String("rules", "", "the ruleset of an .ELO file's tournament (default custom); a tournament file names its own")
	allWarnings := fs.Bool("all-warnings", false, "print every warning about the file's odd lines, not only the first 20")
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", usage)
	}
	path := pos[0]
	data, err := os.ReadFile(path)
	if err != nil {
		return fileError(path, err)
	}
	var t *outflank.Tournament
	var warnings []string
	if bytes.HasPrefix(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), []byte("{")) {
		if *ruleset != "" {
			return usagef("import: --rules applies to .ELO files; a tournament file names its own ruleset")
		}
		if t, err = exchange.ReadJSON(bytes.NewReader(data)); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	} else {
		id := rules.Custom
		if *ruleset != "" {
			id = rules.ID(*ruleset)
		}
		if t, warnings, err = exchange.ReadELO(bytes.NewReader(data), id, path); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	if *slug != "" {
		t.Slug = *slug
		if err := t.Validate(); err != nil {
			return err
		}
	}
	for i, w := range warnings {
		if i == maxWarnings && !*allWarnings {
			e.printf(e.stderr, "warning: %s: ... and %d more warnings (--all-warnings prints them all)\n", path, len(warnings)-maxWarnings)
			break
		}
		e.printf(e.stderr, "warning: %s: %s\n", path, w)
	}
	games := 0
	for _, r := range t.Rounds {
		games += len(r.Games)
	}
	return e.withNewStore(func(ctx context.Context, db *sqlite.DB) error {
		ev, err := db.Create(ctx, t, outflank.KindImport, fmt.Sprintf("imported %s from %s: %d players, %d rounds, %d games", t.Name, path, len(t.Players), len(t.Rounds), games))
		if err != nil {
			return err
		}
		e.saved(ev, " as "+t.Slug)
		return nil
	})
}
