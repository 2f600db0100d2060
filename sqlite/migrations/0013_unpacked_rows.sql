-- The rows a tournament's packed reading does not read whole
-- (sqlite/load_packed.go), which reads each round's games, and all the
-- players, as one value each. Games: those with more than their players,
-- score and version (a board, a transcript, a default, an adjudication, a
-- knockout choice, an outcome other than normal), few in any event.
-- Players and games: those with a value of another type than its
-- column's, which only a file edited by hand has. These are read column by
-- column, found through these indexes instead of by reading every row.
-- Their conditions are the negations of gamePacked and playerPacked in
-- load_packed.go, word for word.
CREATE INDEX games_unpacked ON games (tournament_id) WHERE NOT (typeof(table_no) = 'integer' AND typeof(black) = 'integer' AND typeof(white) = 'integer' AND typeof(version) = 'integer'
	AND (outcome IS NULL AND black_discs IS NULL AND white_discs IS NULL
		OR outcome IS 'normal' AND typeof(black_discs) = 'integer' AND white_discs IS 64 - black_discs)
	AND board_black IS NULL AND board_white IS NULL AND chooser IS NULL AND moves IS '' AND defaulter IS '' AND loser IS ''
	AND winner IS '' AND reason IS '' AND chose IS '' AND defaulter_flags IS 0 AND opponent_flags IS 0
	AND discs_unknown IS 0 AND typeof(discs_unknown) = 'integer');

CREATE INDEX players_unpacked ON players (tournament_id) WHERE NOT (typeof(id) = 'integer' AND typeof(wof_id) = 'integer' AND typeof(new_to_wof) = 'integer' AND typeof(rating) = 'integer'
	AND typeof(seeded) = 'integer' AND typeof(additional) = 'integer' AND typeof(withdrawn_after) IN ('integer', 'null')
	AND typeof(version) = 'integer' AND typeof(name) = 'text' AND typeof(country) = 'text' AND typeof(gender) = 'text'
	AND typeof(born) = 'text' AND typeof(team) = 'text' AND typeof(absent_rounds) = 'text' AND typeof(citizenship) = 'text'
	AND typeof(resident_since) = 'text' AND typeof(exemption) = 'text');
