package web

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// commandLine finds what tells a reader to run a command: "outflank ...",
// a flag ("--replace"), or a command quoted ('round add', 'pair club').
var commandLine = regexp.MustCompile(`outflank [a-z]|(^|[\s(\[':"/=])--[a-z]|'(new|list|player|round|pair|status|result|undo|log|standings|crosstable|export|import|simulate|serve|settings|judge|user|token|circuit|member|playerdb|rating|team|game)\b[^']*'`)

// notMessages are string literals of the domain that name a command but
// are never shown to anyone: what a process calls itself.
var notMessages = map[string]string{
	"outflank watcher":      "postgres/listen.go: the application_name of the LISTEN connection",
	"outflank live watcher": "postgres/watchlive.go: the application_name of the live games' connection",
}

// notConsole are the files of the web package whose messages are not the
// console's: public pages that tell whoever runs the server how to start
// it (the console never shows them).
var notConsole = map[string]string{
	"web/ratings.go": "/ratings without a rating list: how to start the server with one",
	"web/qr.go":      "the QR code asked for at an address phones cannot open: how to start the server for the hall",
}

// joined is a sum of strings with a string literal in it, as one string:
// the literals' text, and a sample for every other part.
func joined(e *ast.BinaryExpr) (string, bool) {
	var parts []string
	lit := false
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch e := e.(type) {
		case *ast.BinaryExpr:
			if e.Op == token.ADD {
				walk(e.X)
				walk(e.Y)
				return
			}
		case *ast.ParenExpr:
			walk(e.X)
			return
		case *ast.BasicLit:
			if s, err := strconv.Unquote(e.Value); err == nil && e.Kind == token.STRING {
				parts, lit = append(parts, s), true
				return
			}
		}
		parts = append(parts, "club")
	}
	walk(e)
	return strings.Join(parts, ""), lit
}

// formatVerb is a verb of a format string, given a sample value in the
// test.
var formatVerb = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z%]`)

// sampleOf fills a format string's verbs with sample values.
func sampleOf(format string) string {
	return formatVerb.ReplaceAllStringFunc(format, func(verb string) string {
		switch verb[len(verb)-1] {
		case 'd':
			return "3"
		case 'q':
			return `"club"`
		case '%':
			return "%"
		}
		return "club"
	})
}

// domainMessages lists, by position, every string literal of the packages
// whose messages the console may show (the module but the command line,
// the tests and the internal tools) that names a command line.
func domainMessages(t *testing.T) map[string]string {
	t.Helper()
	found := map[string]string{}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "cmd", "internal", "simulate", "scripts", "testdata", "node_modules":
				return filepath.SkipDir
			}
			if strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Base(path) == "console_words.go" {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		if reason, ok := notConsole[filepath.ToSlash(strings.TrimPrefix(path, "../"))]; ok && reason != "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var s string
			switch n := n.(type) {
			case *ast.BinaryExpr:
				// A message made of parts ("... 'outflank settings " +
				// slug + " --date'"): the parts joined, a sample for
				// each value.
				if n.Op != token.ADD {
					return true
				}
				var ok bool
				if s, ok = joined(n); !ok {
					return true
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING {
					return true
				}
				var err error
				if s, err = strconv.Unquote(n.Value); err != nil {
					return true
				}
			default:
				return true
			}
			if commandLine.MatchString(s) {
				if _, ok := notMessages[s]; !ok {
					found[fset.Position(n.Pos()).String()] = s
				}
			}
			_, isSum := n.(*ast.BinaryExpr)
			return !isSum // a sum's literals are checked joined
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

// TestConsoleWordsEveryMessage: every message of the domain that names a
// command line, a flag or a quoted command, found by reading the Go
// sources (go/ast), is said by consoleWords in the console's words: no
// "outflank ...", no "--flag", no quoted command (issue 24: the late entry's
// message told the director to run 'outflank player absent ...' though the
// player's page has a "Mark absent" form). A literal is often a part of a
// message (a clause added to a note): each part is checked alone, with
// sample values for its verbs. consoleWords says a sentence once: said
// again, it is the same.
func TestConsoleWordsEveryMessage(t *testing.T) {
	found := domainMessages(t)
	if len(found) < 50 {
		t.Fatalf("only %d messages name a command line: the scan misses the sources", len(found))
	}
	bad := 0
	for pos, s := range found {
		got := consoleWords(sampleOf(s))
		if m := commandLine.FindString(got); m != "" {
			bad++
			t.Errorf("%s: %q\n  is said in the console as %q (%q)", pos, s, got, m)
		}
		if again := consoleWords(got); again != got {
			t.Errorf("%s: consoleWords said twice changes %q to %q", pos, got, again)
		}
	}
	if bad > 0 {
		t.Logf("%d of %d messages still name a command line", bad, len(found))
	}
}

// TestConsoleTemplatesNameNoCommand: the console's own pages (console-*,
// the printed pages, the judges' review, the parts they share) name no
// command line either. No console page is about the command line: where
// something is done on the computer that runs the server (loading the WOF
// player database, the address the server was started with), the page
// says so in words.
func TestConsoleTemplatesNameNoCommand(t *testing.T) {
	var files []string
	for _, pattern := range []string{"templates/console-*.html", "templates/print-*.html", "templates/judging.html", "templates/parts/*.html"} {
		m, err := fs.Glob(templateFiles, pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 20 {
		t.Fatalf("only %d templates read", len(files))
	}
	html := regexp.MustCompile(`outflank [a-z]|(^|[\s(>"'])--[a-z]`)
	for _, name := range files {
		b, err := fs.ReadFile(templateFiles, name)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := html.FindStringIndex(line); m != nil {
				t.Errorf("%s:%d names a command line: %q", name, i+1, line[max(0, m[0]-60):min(len(line), m[1]+40)])
			}
		}
	}
}
