package report

import (
	"encoding/json"
	"fmt"
	"io"
)

// WriteJSON writes v as the command line's --json and the web API write
// every document: indented by two spaces, one document, a final newline.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("writing JSON: %w", err)
	}
	return nil
}
