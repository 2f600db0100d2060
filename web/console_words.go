package web

import (
	"regexp"
	"strings"
)

// The domain's messages say what to do in the command line's words
// ("add --replace", "'outflank log club'"): the console says it in its
// own, the pages and fields a director sees. Each rule rewrites one
// command or flag; a message with none of them is shown as it is, and the
// JSON API keeps the command line's words, which scripts understand.
var consoleRules = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`'outflank status [^']*' says what comes next`), "the console's banner says what comes next"},
	// A command in brackets or after a semicolon where the banner's
	// buttons say it already.
	{regexp.MustCompile(`\s*\('outflank (pair|status) [^']*'\)`), ""},
	{regexp.MustCompile(`;\s*'outflank (pair|status) [^']*'`), ""},
	{regexp.MustCompile(`add --replace to change it`), "type its table again to replace it"},
	{regexp.MustCompile(`correct the games with 'outflank result \.\.\. --replace'`), "correct the games on the Results page"},
	{regexp.MustCompile(`record it with 'outflank result [^']*'`), "record it on the Results page, with the choice in “How it ended”"},
	{regexp.MustCompile(`Record it with the result: 'outflank result [^']*'`), "Record it with the result on the Results page"},
	{regexp.MustCompile(`re-pair the game with 'outflank pair [^']*'`), "pair the match again on the Pair page"},
	{regexp.MustCompile(`'outflank result [^']*--outcome unplayed[^']*'`), "“not played” in “How it ended” on the Results page"},
	{regexp.MustCompile(`'outflank pair [^']*'`), "the Pair page"},
	{regexp.MustCompile(`look at 'outflank log [^']*' and undo again`), "look at the Log page and undo again"},
	{regexp.MustCompile(`'outflank log [^']*'`), "the Log page"},
	{regexp.MustCompile(`add them with 'outflank player add [^']*' or 'outflank player import [^']*'`), "register them on the Players page"},
	{regexp.MustCompile(`'outflank player (withdraw|absent|return|add|import|edit) [^']*'( first)?`), "the Players page"},
	{regexp.MustCompile(`'outflank undo'`), "Undo"},
	// A round robin that must become a Swiss, or go on by hand.
	{regexp.MustCompile(`'outflank settings [^']*--system swiss'`), "the system “Swiss” on the Settings page"},
	{regexp.MustCompile(`'outflank round add [^']*'`), "“Enter round by hand” on the Pair page"},
	// A knockout game withdrawn alone (issue 24).
	{regexp.MustCompile(`withdraw it with 'outflank round withdraw [^']*'`), "withdraw it on the Results page"},
	{regexp.MustCompile(`correct its result \('outflank result [^']*'\)`), "correct its result (type its table again on the Results page)"},
	{regexp.MustCompile(`with 'outflank undo [^']*'`), "with Undo"},
	// The circuits' page.
	{regexp.MustCompile(`'outflank import FILE' brings one in, 'outflank list' lists them`), "create it in the console, or import it with the command line ('outflank import FILE')"},
	{regexp.MustCompile(`'outflank circuit link [^']*' with two of them merges them`), "“Link two players” merges them"},
	{regexp.MustCompile(`with 'outflank circuit decide [^']*'`), "under “Decide the winner”"},
	{regexp.MustCompile(`as 'outflank circuit standings [^']*' lists them`), "as the standings list them"},
	{regexp.MustCompile(`'outflank circuit standings [^']*' lists its tournaments`), "the circuit's page lists its tournaments"},
	{regexp.MustCompile(`or 'outflank circuit remove [^']*'`), "or remove it from the circuit"},
	{regexp.MustCompile(`\(--reason\)`), "(the Reason field)"},
	{regexp.MustCompile(`\s*\(--reason "[^"]*"\)`), " (in the Reason field)"},
	{regexp.MustCompile(`--loser black or --loser white`), "choose in “How it ended” who lost it"},
	{regexp.MustCompile(`--defaulter black or --defaulter white`), "choose in “How it ended” whose flag fell"},
	{regexp.MustCompile(`--winner black or --winner white`), "choose in “How it ended” who held it"},
	{regexp.MustCompile(`or the transcript \(--moves\)`), "or the transcript"},
	{regexp.MustCompile(`give --outcome`), "choose it in “How it ended”"},
	{regexp.MustCompile(`fix some pairs by hand \(--fix\) or enter the round with 'round add'`), "fix some pairs by hand, or enter the round with the command line's 'outflank round add'"},
	{regexp.MustCompile(`--fix and --forbid apply`), "fixed and forbidden pairs apply"},
	{regexp.MustCompile(`add --force to enter it anyway`), "tick “Enter it even where the rulebook forbids it” to enter it anyway"},
	{regexp.MustCompile(`--choice applies`), "a choice of colours applies"},
}

// consoleWords says msg in the console's words, as a sentence.
func consoleWords(msg string) string {
	for _, r := range consoleRules {
		msg = r.re.ReplaceAllString(msg, r.with)
	}
	return capitalize(strings.TrimSpace(msg))
}
