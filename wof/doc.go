// Package wof reads and writes the two text formats of the World Othello
// Federation (WOF): .ELO tournament result files, which feed the rating
// list, and joueurs.txt, the WOF player database in PAPP's format. It only
// turns text into plain Go values and back; what a tournament is, is for
// its callers.
//
// # .ELO files
//
//	%%Tournament: WOC 1995 (Melbourne)
//	%%Country: World
//	%%Date: 16/11/1995 - 18/11/1995
//	%%Sender: Emmanuel Lazard
//	%%Creator: PAPP 1.33
//	%        ID, NAME, Firstname, COUNTRY, score, disc-count
//	%_%     300, TAMENORI, Hideshi, J, 12, 545
//	%_% +250049, PAW, Su Lin Kenneth, SGP, 5, 533
//	%Round: 1
//	   657 (62)>(02)    804 B
//	  2812 > 2836
//	%%Added results
//	   178 (30)<(34)    802 B
//
// Header lines are "%%Key: value" for Tournament, Country, Date, Sender,
// Creator and CreationDate, wherever they appear (case ignored). Player lines
// start "%_%": a "+" before the id marks a player new to the WOF. Game lines
// start with an id: ">" "<" "=" give the result for the first player, who
// had the colour B or W when it is given, and the discs are optional.
// Every other line starting with "%" is a comment, except "%%Added results"
// and the round markers.
//
// Read is lenient, because the real files are: it accepts any mix of "\n",
// "\r\n" and "\r" line ends, tabs and spaces anywhere, several games on one
// line ("290019 (44)>(20) 290074 290133 (39)>(25) 290045 ..."), a comment
// after "%" at the end of a player or game line ("% Walkover"), and text in
// UTF-8 or Latin-1 (valid UTF-8 is taken as UTF-8, anything else as
// Latin-1). What each odd line gives:
//
//   - Round markers: "%Round: 3", "%%Round: 3", "% Round 3", "%round3",
//     "% round 3:" all start round 3; "%Round: Finals" starts a round named
//     "Finals" (a name needs the colon, so "% Round robin" stays a comment).
//     Other headings ("% Semi-finals", "%%Finale") are comments: their games
//     stay in the current round. Games before any marker form an unnumbered
//     first Round (Number 0), also in files that separate rounds by blank
//     lines only, which the reader does not guess at. A round number seen
//     twice starts a second Round and is a warning.
//   - "%%Added results": the games after it are File.Added, even after a
//     later round marker (a warning). An empty added section is dropped.
//   - Discs: the result operator is what counts. Discs that contradict it,
//     like the placeholder "(32)>(32)", are kept as written with a warning
//     (Game.DiscsContradict reports them), as are discs adding up to more
//     than 64. Discs for one player only are dropped with a warning. Fewer
//     than 64 discs in all is normal (games lost on time) and not reported.
//   - Player lines: fields are split at commas and trimmed; empty trailing
//     fields ("5, , 1906, ,") are ignored, and fields after the rating are
//     a warning. Scores may be "4", "7.0", "4.5" or "5+2" (Score 5, Bonus 2);
//     the disc-count column may hold discs for and against ("256-128"); a
//     rating of "-" means none. Repairs, each a warning: numbers run
//     together ("7.5  864" is a score and a disc count); a score in the
//     country's column with a country code before it means the comma between
//     surname and first name was forgotten ("Sano   Yoko, JPN, 5" is split
//     at its widest gap) or the first name is missing; a score in the
//     country's column otherwise means the country is missing. A country
//     that is not 1 to 3 letters ("{I}") is kept with a warning; a missing
//     country is normal. A "%_%" line without a numeric id is a column
//     heading when its first field is "ID" (dropped), else a warning and a
//     comment ("%_% Classical tournament"). A second line for an id is
//     ignored with a warning. Scores and disc counts are not checked
//     against the games here: senders fill those columns their own way
//     (bonus points, tie-breaks, discs of withdrawn players); the import
//     (package exchange) compares them, to put back the byes the format
//     has no line for.
//   - Ids: "+" before an id on a game line is ignored with a warning. When a
//     file has player lines, a game id without one is a warning (once per
//     id) and a player without games is a warning; files without player
//     lines (results only, as the oldest are) are not checked. A player
//     twice in one marked round is a warning: playoffs written under the
//     last round instead of after "%%Added results" show this way.
//   - Comments: column headings and separator lines ("%%%%%%") are dropped;
//     every other comment is kept, with its line, so that Write puts it back
//     where it was. Commented-out games ("%45 (53)>(11) 2855 B") are
//     comments, not games.
//   - Dates: DD/MM/YYYY, with a range "DD/MM/YYYY - DD/MM/YYYY"; anything
//     else is a warning and no date. A missing header line is a warning.
//
// Warnings carry the line number, the offending text and what was done.
// Read fails only for input that is no .ELO file at all: empty, holding NUL
// bytes, over MaxFileSize, or without any of the four main header lines.
// Lines over MaxLineLength bytes are skipped with a warning, and at most
// MaxWarnings warnings are kept, so memory stays bounded.
//
// Write writes the canonical form described at Write, which Read reads back
// to the same File (line numbers aside), and which is byte for byte the same
// when written again. It writes Latin-1, the WOF's historical encoding and
// PAPP's: 26 of the 28 real files are plain ASCII (where the two agree),
// one is Latin-1 (or Mac Roman: "doesn´t" is byte 0xAB) and one UTF-8.
// When a name holds a character that Latin-1 lacks, the whole file is
// written in UTF-8 instead, so nothing is ever lost or replaced; Read tells
// the two apart.
//
// # joueurs.txt
//
//	% Liste des joueurs par pays
//	pays = ARG
//	280016 ACUNA, Ricardo                       %_<1714>
//	280091 AMBROSIUS, Karin
//	pays = PG
//	  3202 EDAX (Delorme)                       %_<2175>
//
// "pays = XXX" sets the country of the lines after it. A player line is the
// id, the name "SURNAME, Firstname" padded with spaces, then the rating as
// "%_<1714>" when the player has one; ratings can be negative. The programs
// of country "PG" have no comma: their whole name is the surname. Ids are
// unique in the real file; a repeated id is a warning and the first line
// wins. ReadPlayerDB detects the encoding as Read does (the real file is
// ASCII; PAPP wrote Latin-1).
package wof
