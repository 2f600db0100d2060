package exchange

// spreadsheetText returns s as a CSV cell that a spreadsheet shows as text
// rather than runs: a cell that begins with "=", "+", "-", "@", a tab or a
// carriage return gets a leading single quote, as OWASP's guidance on CSV
// injection recommends, so that a player named "=HYPERLINK(...)" cannot
// make Excel, LibreOffice or Google Sheets fetch or compute anything. The
// numbers Outflank writes itself (ids, discs) are not text and are written
// as they are.
func spreadsheetText(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}
