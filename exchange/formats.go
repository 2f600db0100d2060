package exchange

import (
	"io"

	"outflank"
)

// Export is a file format a tournament is written to: the command line's
// export and the console's downloads offer the same ones.
type Export struct {
	Write func(io.Writer, *outflank.Tournament) error
	// Suffix ends the file's name after the slug; ContentType is the
	// media type a download is sent with.
	Suffix, ContentType string
	// Private marks a file with birth dates and genders (the young
	// players' and women's lists need them): only its owner may read it.
	Private bool
}

// Exports are the formats, by the name 'export --format' takes.
var Exports = map[string]Export{
	"json": {Write: WriteJSON, Suffix: ".json", ContentType: "application/json", Private: true},
	"elo":  {Write: WriteELO, Suffix: ".elo", ContentType: "text/plain; charset=utf-8"},
	"csv":  {Write: WriteResultsCSV, Suffix: "-results.csv", ContentType: "text/csv; charset=utf-8"},
}
