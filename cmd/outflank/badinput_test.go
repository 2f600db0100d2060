package main

import (
	"strings"
	"testing"
)

// TestBadInputLeavesDatabaseUnchanged feeds the tournament commands wrong
// input. Each must fail with its own message, and the database must be
// exactly as before: same export, same audit log, same list.
func TestBadInputLeavesDatabaseUnchanged(t *testing.T) {
	d := newTDB(t)
	d.ok("new", "base", "--name", "Base", "--rules", "woc", "--rounds", "5")
	d.ok("player", "import", "base", writeFile(t, "p.csv", tenPlayers))
	d.ok("round", "add", "base", "--pair", "1-2", "--pair", "3-4", "--pair", "5-6", "--pair", "7-8", "--pair", "9-10")
	d.ok("result", "base", "1", "1", "40-24")
	d.ok("player", "withdraw", "base", "10")
	d.ok("new", "fresh", "--name", "Nothing entered yet", "--rules", "bof-national")

	csv := func(body string) string { return writeFile(t, "bad.csv", body) }
	json := func(body string) string { return writeFile(t, "bad.json", body) }
	validJSON := d.ok("export", "base")
	for _, tc := range []struct {
		name string
		code int
		want string
		args []string
	}{
		{"unknown tournament", 1, `no tournament "nope"`, []string{"result", "nope", "1", "1", "40-24"}},
		{"unknown round", 1, "has no round 9", []string{"result", "base", "9", "1", "40-24"}},
		{"unknown table", 1, "has no table 7", []string{"result", "base", "1", "7", "40-24"}},
		{"second result without --replace", 1, "already has a result (40-24): add --replace", []string{"result", "base", "1", "1", "30-34"}},
		{"discs 65", 1, "each side has 0 to 64 discs", []string{"result", "base", "1", "2", "65-0"}},
		{"more than 64 discs", 1, "adds up to 70 discs", []string{"result", "base", "1", "2", "40-30"}},
		{"too few discs", 1, "fewer than 13 discs", []string{"result", "base", "1", "2", "3-2"}},
		{"score not a score", 1, `score "forty": write black's discs`, []string{"result", "base", "1", "2", "forty"}},
		{"score with a stray suffix", 1, `score "40-24x"`, []string{"result", "base", "1", "2", "40-24x"}},
		{"transcript disagrees with the score", 1, "disagrees with the transcript, which ends 61-2", []string{"result", "base", "1", "2", "40-24", "--moves", passGame}},
		{"illegal transcript", 1, "illegal move at ply 3 (d5)", []string{"result", "base", "1", "2", "--moves", "f5d6d5"}},
		{"unfinished transcript", 1, "stops at ply 3, before the end", []string{"result", "base", "1", "2", "--moves", "f5d6c3"}},
		{"time default without defaulter", 1, "--defaulter", []string{"result", "base", "1", "2", "40-24", "--outcome", "time-default"}},
		{"forfeit with a score", 1, "leave out the score", []string{"result", "base", "1", "2", "40-24", "--outcome", "forfeit", "--loser", "black"}},
		{"penalty without reason", 1, "needs a reason", []string{"result", "base", "1", "2", "32-32", "--outcome", "penalty"}},
		{"draw-win of a won game", 1, "only to a drawn game", []string{"result", "base", "1", "2", "40-24", "--outcome", "draw-win", "--winner", "black"}},
		{"unknown outcome", 1, `unknown outcome "walkover"`, []string{"result", "base", "1", "2", "--outcome", "walkover"}},
		{"bad side", 1, `side "red"`, []string{"result", "base", "1", "2", "--outcome", "forfeit", "--loser", "red"}},
		{"round not a number", 1, `round "one" is not a whole number`, []string{"result", "base", "one", "1", "40-24"}},
		{"withdrawn player paired", 1, "withdrew after round 1 and cannot be paired in round 2", []string{"round", "add", "base", "--pair", "1-10"}},
		{"player twice in a round", 1, "appears twice in round 2", []string{"round", "add", "base", "--pair", "1-2", "--pair", "3-1"}},
		{"player with a bye and a game", 1, "appears twice in round 2", []string{"round", "add", "base", "--pair", "1-2", "--bye", "2"}},
		{"player against themself", 1, "cannot play against themself", []string{"round", "add", "base", "--pair", "3-3"}},
		{"unknown player in a pair", 1, "no player with id 42", []string{"round", "add", "base", "--pair", "1-42"}},
		{"unknown player by name", 1, `no player named "Nobody"`, []string{"round", "add", "base", "--bye", "Nobody"}},
		{"empty round", 1, "needs at least one pair", []string{"round", "add", "base"}},
		{"unknown stage", 1, `unknown stage "quarter-final"`, []string{"round", "add", "base", "--pair", "1-2", "--stage", "quarter-final"}},
		{"withdraw twice", 1, "already withdrew after round 1", []string{"player", "withdraw", "base", "10"}},
		{"withdraw unknown player", 1, "no player with id 99", []string{"player", "withdraw", "base", "99"}},
		{"withdraw after a future round", 1, "has rounds 0 to 1 so far", []string{"player", "withdraw", "base", "3", "--after-round", "4"}},
		{"duplicate player name", 1, `already has a player named "Berg, Anna"`, []string{"player", "add", "base", "--name", "berg, anna"}},
		{"bad country", 1, `country "FRANCE"`, []string{"player", "add", "base", "--name", "X Y", "--country", "France"}},
		{"bad gender", 1, `gender "x"`, []string{"player", "add", "base", "--name", "X Y", "--gender", "x"}},
		{"bad birth date", 1, `birth date of X Y "2012-13-01"`, []string{"player", "add", "base", "--name", "X Y", "--born", "2012-13-01"}},
		{"player without name", 1, "needs a name", []string{"player", "add", "base"}},
		{"CSV unknown column", 1, `unknown column "elo"`, []string{"player", "import", "base", csv("name,elo\nA,1\n")}},
		{"CSV bad rating", 1, `CSV line 3: rating "high" is not a whole number`, []string{"player", "import", "base", csv("name,rating\nA B,1500\nC D,high\n")}},
		{"CSV wrong number of fields", 1, "CSV line 2: 3 fields, but the header has 2", []string{"player", "import", "base", csv("name,country\nA,FRA,extra\n")}},
		{"CSV without name column", 1, "a name column", []string{"player", "import", "base", csv("country\nFRA\n")}},
		{"CSV duplicate within the file", 1, "player 2 (A B): ", []string{"player", "import", "base", csv("name\nA B\nA B\n")}},
		{"CSV bad quoting", 1, "CSV line 2", []string{"player", "import", "base", csv("name\n\"A B\n")}},
		{"CSV empty", 1, "the CSV file is empty", []string{"player", "import", "base", csv("")}},
		{"missing file", 1, "no such file", []string{"player", "import", "base", "/nonexistent/players.csv"}},
		{"new with existing slug", 1, `a tournament "base" already exists`, []string{"new", "base", "--name", "Again", "--rules", "woc"}},
		{"new with bad slug", 1, `slug "Bad Slug"`, []string{"new", "Bad Slug", "--name", "X", "--rules", "woc"}},
		{"new with unknown ruleset", 1, `unknown ruleset "fide"`, []string{"new", "x", "--name", "X", "--rules", "fide"}},
		{"new with bad date", 1, `tournament date "01/08/2026"`, []string{"new", "x", "--name", "X", "--rules", "woc", "--date", "01/08/2026"}},
		{"new with bad bye discs", 1, "bye discs 40-40", []string{"new", "x", "--name", "X", "--rules", "custom", "--bye-discs", "40-40"}},
		{"JSON syntax error", 1, "tournament file, line 2 column", []string{"import", json("{\n\"format\": \"outflank/1\",,\n}")}},
		{"JSON wrong type", 1, "should be int, not string", []string{"import", json(`{"format": "outflank/1", "players": [{"id": "one"}]}`)}},
		{"JSON wrong format tag", 1, `format "outflank/9"`, []string{"import", json(`{"format": "outflank/9"}`)}},
		{"JSON existing slug", 1, `a tournament "base" already exists`, []string{"import", json(validJSON)}},
		{"JSON impossible discs", 1, "round 1 table 1: official score 50-24", []string{"import", json(strings.Replace(validJSON, `"white_discs": 24`, `"white_discs": 24, "black_discs": 50`, 1)), "--slug", "x"}},
		{"JSON player twice in a round", 1, "round 1: #1 Tamaru, Hideshi appears twice", []string{"import", json(strings.Replace(validJSON, `"black": 3,`, `"black": 1,`, 1)), "--slug", "x"}},
		{"JSON tables out of order", 1, "games[1] is table 5", []string{"import", json(strings.Replace(validJSON, `"table": 2,`, `"table": 5,`, 1)), "--slug", "x"}},
		{"ELO with nothing in it", 1, "not a readable .ELO file", []string{"import", writeFile(t, "x.ELO", "\x00\x01\x02binary")}},
		{"undo of a tournament's creation", 1, "nothing to undo in fresh", []string{"undo", "fresh"}},
		{"undo of an unknown tournament", 1, `no tournament "nope"`, []string{"undo", "nope"}},
		{"export unknown format", 2, `unknown format "pdf"`, []string{"export", "base", "--format", "pdf"}},
		{"result missing arguments", 2, "usage: outflank result", []string{"result", "base", "1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			export, log, list := d.ok("export", "base"), d.ok("log", "base"), d.ok("list")
			d.t = t
			d.fail(tc.code, tc.want, tc.args...)
			if d.ok("export", "base") != export || d.ok("log", "base") != log || d.ok("list") != list {
				t.Errorf("the database changed")
			}
		})
	}
}
