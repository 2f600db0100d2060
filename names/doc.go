// Package names checks and normalises the names people type for players,
// teams and tournaments, in one place for every way a name comes in: the
// command line, a players CSV, a tournament file, a WOF .ELO file and later
// the web.
//
// Normalize is the rule for names typed by a person: it refuses what a name
// must never hold (control characters, line breaks, bidirectional
// embeddings, overrides and isolates, bytes that are not UTF-8), trims,
// drops the invisible left-to-right and right-to-left marks, puts the text
// in Unicode NFC and collapses runs of spaces, and checks the length and
// that something visible is left. Clean is the forgiving rule for old files
// that cannot be fixed at the source: it drops what Normalize refuses.
// Quote quotes a name for a message without passing any control character
// on.
//
// The package does no I/O and depends only on golang.org/x/text.
package names
