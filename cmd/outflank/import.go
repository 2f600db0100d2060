package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"outflank"
	"outflank/director"
	"outflank/exchange"
	"outflank/rules"
	"outflank/words"
)

// maxWarnings is how many warnings import prints by default: enough to
// see what kind of oddities a file has without burying the result.
const maxWarnings = 20

func runImport(e *env, args []string) error {
	const usage = "import FILE [--slug SLUG] [--rules RULESET] [--override REASON] [--all-warnings] [--max-size SIZE]"
	fs := e.newFlags("import", usage)
	slug := fs.String("slug", "", "store the tournament under this slug (default: the file's; for .ELO, made from its name)")
	ruleset := fs.String("rules", "", "the ruleset of an .ELO file's tournament (default custom); a tournament file names its own")
	allWarnings := fs.Bool("all-warnings", false, "print every warning about the file's odd lines, not only the first 20")
	override := fs.String("override", "", "import a tournament not yet begun although its entries break an eligibility rule (WOC I.2, BOF National 12), for this `reason`, recorded in the log")
	maxSize := maxSizeFlag(fs)
	pos, err := e.parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("usage: outflank %s", usage)
	}
	path := pos[0]
	in, err := openInput(path)
	if err != nil {
		return err
	}
	defer in.Close()
	isJSON := startsJSON(in.peek)
	if isJSON && *ruleset != "" {
		return usagef("import: --rules applies to .ELO files; a tournament file names its own ruleset")
	}
	kind := kindELO
	if isJSON {
		kind = kindTournament
	}
	if err := in.setLimit(kind, maxSize); err != nil {
		return err
	}
	var t *outflank.Tournament
	var warnings []string
	if isJSON {
		var data []byte
		if data, err = io.ReadAll(in); err == nil {
			if exchange.HasLog(data) {
				if err := in.overLimit(); err != nil {
					return err
				}
				return e.importRecord(path, data, *slug)
			}
			t, err = exchange.ReadJSON(bytes.NewReader(data))
		}
	} else {
		id := rules.Custom
		if *ruleset != "" {
			id = rules.ID(*ruleset)
		}
		t, warnings, err = exchange.ReadELOAs(in, id, path, *slug)
	}
	if err := in.overLimit(); err != nil {
		return err
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if *slug != "" {
		t.Slug = *slug
		if err := t.Validate(); err != nil {
			return err
		}
	}
	games := 0
	for _, r := range t.Rounds {
		games += len(r.Games)
	}
	// The audit record names the file, not where it was on this machine.
	summary := fmt.Sprintf("imported %s from %s: %s, %s, %s", t.Name, filepath.Base(path), words.Count(len(t.Players), "player"), words.Count(len(t.Rounds), "round"), words.Count(games, "game"))
	if !isJSON {
		summary += putBack(t)
	}
	return e.withNewStore(func(ctx context.Context, db database) error {
		// The member records give the citizenship and residence the
		// file does not, as 'player add' takes them (director.Register).
		members, err := director.FromMembers(ctx, db, t)
		if err != nil {
			return err
		}
		field, err := checkImportedField(t, filepath.Base(path), *override)
		if err != nil {
			return err
		}
		warnings := append(warnings, field.warnings...)
		for i, w := range warnings {
			if i == maxWarnings && !*allWarnings {
				e.printf(e.stderr, "warning: %s: ... and %d more warnings (--all-warnings prints them all)\n", path, len(warnings)-maxWarnings)
				break
			}
			e.printf(e.stderr, "warning: %s: %s\n", path, w)
		}
		ev, err := db.Create(ctx, t, outflank.KindImport, summary+members+field.note)
		if err != nil {
			return err
		}
		e.saved(ev, " as "+t.Slug)
		return nil
	})
}

// startsJSON reports whether a file is a tournament file: its first
// character, after a byte order mark and white space, is "{". It looks at
// the first bytes only, which peek returns (up to n of them); a file that
// is all white space for 64 KB is taken for an .ELO file.
func startsJSON(peek func(n int) []byte) bool {
	for n := 512; n <= 64*kB; n *= 8 {
		head := peek(n)
		rest := bytes.TrimLeftFunc(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), unicode.IsSpace)
		if len(head) < n || len(rest) > 0 && utf8.FullRune(rest) {
			return bytes.HasPrefix(rest, []byte("{"))
		}
	}
	return false
}

// importedField is what the eligibility rules say of an imported
// tournament's entries: a note for the log, warnings to print.
type importedField struct {
	note     string
	warnings []string
}

// checkImportedField checks the entries of a tournament file against its
// ruleset's eligibility rules (outflank.CheckField). A tournament not yet
// begun is a field being registered: a refusal stops the import unless
// override gives the director's reason, which the log records. One under
// way is a record of entries made before its first round (WOC I.2.2): it
// is imported as it is, and the refusals are printed as warnings.
func checkImportedField(t *outflank.Tournament, source, override string) (importedField, error) {
	var out importedField
	check := t.CheckField()
	override = strings.Join(strings.Fields(override), " ")
	switch {
	case len(check.Refusals) == 0:
		if override != "" {
			out.warnings = append(out.warnings, "the override was not needed: no eligibility rule refuses these entries, so none was recorded")
		}
	case len(t.Rounds) > 0:
		for _, r := range check.Refusals {
			out.warnings = append(out.warnings, "entries made before round 1, kept as recorded, break "+r)
		}
	case override == "":
		return out, director.Refused("the tournament of "+source+" was not saved", check)
	default:
		out.note = director.Overridden(check, override)
	}
	out.warnings = append(out.warnings, check.Warnings...)
	return out, nil
}

// putBack words the byes and absences an .ELO import put back from the
// player lines (the file has none of its own): ", 1 bye put back from the
// player lines", or "".
func putBack(t *outflank.Tournament) string {
	byes, absences := 0, 0
	for _, r := range t.Rounds {
		byes += len(r.Byes)
	}
	for _, p := range t.Players {
		absences += len(p.AbsentRounds)
	}
	var what []string
	if byes > 0 {
		what = append(what, words.Count(byes, "bye"))
	}
	if absences > 0 {
		what = append(what, words.Count(absences, "absence"))
	}
	if len(what) == 0 {
		return ""
	}
	return ", " + strings.Join(what, " and ") + " put back from the player lines"
}

// importRecord stores a tournament file that carries its audit log (the
// record 'remove -o' writes) whole: the same log, with its ids and hashes,
// verified before anything is stored.
func (e *env) importRecord(path string, data []byte, slug string) error {
	rec, err := exchange.DecodeRecord(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	t := rec.Tournament
	if slug != "" && slug != t.Slug {
		return outflank.Errorf(outflank.EINVALID, "%s carries the audit log of %s, whose slug is part of its hashes: import it without --slug, as %s", path, t.Slug, t.Slug)
	}
	return e.withNewStore(func(ctx context.Context, db database) error {
		arc, ok := db.(outflank.Archive)
		if !ok {
			return outflank.Errorf(outflank.EINVALID, "this database cannot keep a log as recorded")
		}
		if err := arc.Restore(ctx, rec); err != nil {
			return err
		}
		e.printf(e.stdout, "imported %s (%s) with its whole log: %s, last hash %s ('outflank log %s --verify' checks it)\n",
			t.Slug, t.Name, words.Count(len(rec.Events), "log entry"), rec.Head, t.Slug)
		return nil
	})
}
