package web

import (
	"regexp"
	"strings"
)

// The domain's messages say what to do in the command line's words
// ("add --replace", "'outflank log club'"): the console says it in its
// own, the pages, fields and buttons a director sees, and never tells its
// user to run a command (issue 24). The JSON API keeps the command line's
// words, which scripts understand.
//
// The rules go from the particular to the general: whole clauses first
// (where the console does it otherwise), then each command by the page or
// button that does it, then each flag by its field, and last the clauses
// that only point at a list the console shows anyway ("'outflank user
// list' shows the users"), which are dropped. A message with none of them
// is shown as it is. TestConsoleWordsEveryMessage reads every message of
// the domain (go/ast) and checks that none names a command line once said
// in these words.

// consoleRule rewrites what re matches to with (a regexp replacement).
type consoleRule struct {
	re   *regexp.Regexp
	with string
}

func rule(pattern, with string) consoleRule {
	return consoleRule{regexp.MustCompile(pattern), with}
}

// clauseRules say whole clauses the console's way.
var clauseRules = []consoleRule{
	rule(`'outflank status [^']*' says what comes next`, "the console's banner says what comes next"),
	// A command in brackets or after a semicolon where the banner's
	// buttons say it already.
	rule(`\s*\('outflank (pair|status) [^']*'\)`, ""),
	rule(`;\s*'outflank (pair|status) [^']*'`, ""),
	rule(`: --replace re-pairs it`, ": the Pair page pairs it again"),
	rule(`add --replace to change it`, "type its table again to replace it"),
	rule(`correct the games with 'outflank result \.\.\. --replace'`, "correct the games on the Results page"),
	rule(`record it with 'outflank result [^']*'`, "record it on the Results page, with the choice in “How it ended”"),
	rule(`Record it with the result: 'outflank result [^']*'`, "Record it with the result on the Results page, with the choice in “How it ended”"),
	rule(`re-pair the game with 'outflank pair [^']*'`, "pair the match again on the Pair page"),
	rule(`pair its next game with 'outflank pair [^']*'`, "pair its next game on the Pair page"),
	rule(`'outflank result [^']*--outcome unplayed[^']*'`, "“not played” in “How it ended” on the Results page"),
	rule(`look at 'outflank log [^']*' and undo again`, "look at the Log page and undo again"),
	rule(`add them with 'outflank player add [^']*' or 'outflank player import [^']*'`, "register them on the Players page"),
	// A round robin that must become a Swiss, or go on by hand.
	rule(`'outflank settings [^']*--system swiss'`, "the system “Swiss” on the Settings page"),
	rule(`'outflank round add [^']*'`, "“Enter round by hand” on the Pair page"),
	// A knockout game withdrawn alone.
	rule(`withdraw it with 'outflank round withdraw [^']*'`, "withdraw it on the Results page"),
	rule(`correct its result \('outflank result [^']*'\)`, "correct its result (type its table again on the Results page)"),
	rule(`with 'outflank undo [^']*'`, "with Undo"),
	// Namesakes in the WOF player database.
	rule(`Give the one you mean with --wof-id N, or add --new if (.*) is not in the database`, "Register the one you mean from the search's list, or register $1 by hand without a WOF id if not in the database"),
	rule(`Give the one you mean with --wof-id N`, "Register the one you mean from the search's list"),
	// Absences and withdrawals: the player's page and the Players page.
	rule(`if absent, record it \('outflank player absent [^']*'\)`, "if absent, mark it on the player's page (“Mark absent”)"),
	rule(`record them: 'outflank player absent [^']*'`, "mark them absent on their page (“Mark absent”, with the rounds missed)"),
	rule(`if they are here, 'outflank player return [^']*' first`, "if they are here, mark them returned on their page first"),
	rule(`'outflank player remove [^']*' takes the entry back`, "“remove” on the Players page takes the entry back"),
	rule(`give the rounds (.*) misses \(--rounds 3 or --rounds 3,4\)`, "give the rounds $1 misses (3, or 3,4)"),
	// The .ELO file's new players: the WOF id field of the player's page.
	rule(`\('outflank player edit [^']*--wof-id N'; he stays marked new`, "(in the WOF id field of the player's page; he stays marked new"),
	// A circuit's tournament of another federation's ruleset.
	rule(`, or give the reason it counts all the same to add it anyway`, ""),
	// Settings, members, circuits.
	rule(`give it one with 'outflank settings [^']*'`, "give it one in the settings"),
	rule(`\(outflank settings [^)]*--date\)`, "(give it one in the settings)"),
	rule(`edit that record \('outflank member edit'\)`, "edit that record on the Members page"),
	rule(`'outflank member add' with --resident-since`, "add one on the Members page, with the date they came to live in the UK"),
	rule(`'outflank member edit' with --resident-since`, "give on the Members page the date they came to live in the UK"),
	rule(`'outflank import FILE' brings one in, 'outflank list' lists them`, "create it from the console's home"),
	rule(`'outflank circuit link [^']*' with two of them merges them`, "“Link two players” merges them"),
	// Removing and restoring (issue 26).
	rule(`'outflank remove [^']*' removes (the imported tournament|the tournament) \(a record is kept: 'outflank restore [^']*' brings it back\)`, "“Remove this tournament” on the Settings page removes $1 (a record is kept, from which an administrator restores it)"),
	rule(`take it out first \('outflank circuit remove [^']*'\)`, "take it out of the circuit first"),
	rule(`type its slug, `, "type its address, "),
	rule(`is not its slug; type`, "is not its address; type"),
	rule(`: 'outflank user log' lists what was removed`, ""),
	rule(`'outflank circuit log [^']*' shows the links made`, "the circuit's log shows the links made"),
	rule(`'outflank circuit delete [^']*' deletes it`, "“Delete this circuit” deletes it"),
	rule(`with 'outflank circuit decide [^']*'`, "under “Decide the winner”"),
	rule(`\('outflank circuit decide' records it\)`, "(“Decide the winner” records it)"),
	rule(`as 'outflank circuit standings [^']*' lists them`, "as the standings list them"),
	rule(`'outflank circuit standings [^']*' lists its tournaments`, "the circuit's page lists its tournaments"),
	rule(`or 'outflank circuit remove [^']*'`, "or remove it from the circuit"),
	rule(`or 'outflank user passwd [^']*'`, "or give that user a new password on the Users page"),
	rule(`no WOF player database is loaded: 'outflank playerdb load [^']*' loads one`, "no WOF player database is loaded on the computer that runs the server: register players by hand"),
	// Pairing.
	rule(`fix some pairs by hand \(--fix\) or enter the round with 'round add'`, "fix some pairs by hand, or enter the round by hand (the Pair page links to the form)"),
	rule(`\s*\('pair [^']*--check[^']*' prices [^)]*\)`, ""),
	rule(`--fix and --forbid apply`, "fixed and forbidden pairs apply"),
	rule(`--fix and --forbid price the next round: leave out --round`, "fixed and forbidden pairs price the next round: give no round"),
	rule(`--fix applies to Swiss rounds`, "fixing a pair applies to Swiss rounds"),
	rule(`give it with --choice \(e\.g\. --choice white, or --choice 3=draw-win\)`, "choose it in the chooser's list"),
	rule(`--forbid applies to Swiss rounds`, "forbidding a pair applies to Swiss rounds"),
	rule(`--match applies to knockout matches`, "pairing one match alone applies to knockout matches"),
	rule(`--replace re-pairs a knockout game`, "pairing a game again applies to knockout games"),
	rule(`--replace re-pairs the game in play of one match: name it with --match \(e\.g\. --match final\)`, "pairing a game again applies to the game in play of one match: choose the match"),
	rule(`^--replace:`, "pairing the game again:"),
	rule(`^--seed:`, "the seed:"),
	rule(`--choice applies`, "a choice of colours applies"),
	rule(`name the chooser, e\.g\. --choice (\S+)`, "name the chooser, e.g. $1"),
	rule(`^--choice\b:?`, "the choice of colour:"),
	// Results.
	rule(`\(--reason\)`, "(the Reason field)"),
	rule(`\s*\(--reason "[^"]*"\)`, " (in the Reason field)"),
	rule(`--loser black or --loser white`, "choose in “How it ended” who lost it"),
	rule(`--defaulter black or --defaulter white`, "choose in “How it ended” whose flag fell"),
	rule(`--winner black or --winner white`, "choose in “How it ended” who held it"),
	rule(`or the transcript \(--moves\)`, "or the transcript"),
	rule(`give --outcome`, "choose it in “How it ended”"),
	rule(`add --force to enter it anyway`, "tick “Enter it even where the rulebook forbids it” to enter it anyway"),
	// Registration.
	rule(`\(--override REASON; the console's Override field\)`, "(the Override field)"),
	rule(`with --exemption REASON \(the console's Chairman's exemption\)`, "with the reason in “Chairman's exemption”"),
	rule(`leave out --exemption`, "leave the chairman's exemption empty"),
	rule(`; --players-db fills in the WOF's rating`, "; the WOF player database's search fills in the WOF's rating"),
	rule(`\(or wof_id, with --players-db\)`, "(or wof_id, with the WOF player database loaded)"),
	// The database the server reads: said for whoever runs it.
	rule(`^--db (\S+) is not`, "the database address $1 is not"),
	rule(`--db names`, "the server's database address names"),
	rule(`in --db`, "in the server's database address"),
	rule(`point --db at`, "point the server's database address at"),
	rule(`give another --db file`, "give the server another database file"),
	rule(`\s*\(or give --db the path of yours\)`, ""),
	rule(`give --db FILE`, "give the database file"),
	rule(`give --as NAME`, "give a name"),
	// The tournament's address, which the command line calls its slug.
	rule(`choose another slug`, "choose another address"),
	rule(`^slug ("[^"]*"): use`, "address $1: use"),
}

// commandRules say each command, quoted, as the page or button of the
// console that does it.
var commandRules = []consoleRule{
	rule(`'outflank player absent [^']*'`, "“Mark absent” on the player's page"),
	rule(`'outflank player return [^']*'`, "“Mark returned” on the player's page"),
	rule(`\('outflank player withdraw [^']*'\)`, "(“withdraw” on the Players page)"),
	rule(`'outflank player withdraw [^']*'`, "“withdraw” on the Players page"),
	rule(`'outflank player remove [^']*'`, "“remove” on the Players page"),
	rule(`'outflank player [^']*'`, "the Players page"),
	rule(`'outflank (pair|round add) [^']*'`, "the Pair page"),
	rule(`'outflank result [^']*'`, "the Results page"),
	rule(`'outflank log [^']*'`, "the Log page"),
	rule(`'outflank undo'`, "Undo"),
	rule(`'outflank settings [^']*'`, "the settings"),
}

// listRules drop what only points at a list the console shows on its
// pages anyway: "no user "ann": 'outflank user list' shows the users".
var listRules = []consoleRule{
	rule(`\s*[:;,]\s*(as\s+)?'outflank [^']*' (shows|lists|makes|creates|loads)\b[^;:]*`, ""),
	rule(`\s*\('outflank [^']*'\)`, ""),
}

// flagWords name each remaining flag by what it sets, as a reader of the
// console knows it.
var flagWords = map[string]string{
	"after-round":    "after round",
	"live":           "the live list",
	"list":           "the list",
	"name":           "a name",
	"declined":       "declined",
	"world-final":    "the World Final's date",
	"size":           "the number of places",
	"resident-since": "the date they came to live in the UK",
	"paid-until":     "paid until",
	"pair":           "a pair",
	"forbid":         "a forbidden pair",
	"fix":            "a fixed pair",
	"choice":         "the choice of colour",
	"date":           "the date",
}

// flagRules name the flags of flagWords: in brackets they are dropped
// (what they say is already said: "give a name (--name)"), elsewhere said
// in words.
var flagRules = []consoleRule{
	rule(`\s*\(--[a-z][a-z-]*(?: [A-Z][A-Z_|-]*)?\)`, ""),
}

// flagName finds a flag, with the placeholder of its value if any.
var flagName = regexp.MustCompile(`--([a-z][a-z-]*)(?: [A-Z][A-Z_|-]+\b)?`)

// consoleWords says msg in the console's words, as a sentence. Said
// again, it is the same.
func consoleWords(msg string) string { return capitalize(consoleText(msg)) }

// consoleText says msg in the console's words, as it begins: a message
// the console made itself ("carol now directs club") keeps its case.
func consoleText(msg string) string {
	for _, rules := range [][]consoleRule{clauseRules, commandRules, listRules, flagRules} {
		for _, r := range rules {
			msg = r.re.ReplaceAllString(msg, r.with)
		}
	}
	msg = flagName.ReplaceAllStringFunc(msg, func(flag string) string {
		name := flagName.FindStringSubmatch(flag)[1]
		if words, ok := flagWords[name]; ok {
			return words
		}
		return flag
	})
	return strings.TrimSpace(msg)
}
