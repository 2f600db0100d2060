// Package director is what a tournament director does to an event: enter
// a result, pair a round, register a player, undo. The command line, the
// web console, the judges' boards and the JSON write API call these same
// functions, which run the domain's rules through the store and record who
// did it (the actor of the context), so every door to an event behaves
// alike.
package director

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"

	"outflank"
)

// ParsePair reads "A-B": the black player, then the white, each an id or an
// exact name. Names may contain hyphens, so every split is tried and the one
// naming two players wins.
func ParsePair(t *outflank.Tournament, text string) (outflank.Pair, error) {
	var found []outflank.Pair
	var firstErr error
	for i := 0; i < len(text); i++ {
		if text[i] != '-' {
			continue
		}
		black, err := t.FindPlayer(text[:i])
		if err == nil {
			var white *outflank.Player
			if white, err = t.FindPlayer(text[i+1:]); err == nil {
				found = append(found, outflank.Pair{Black: black.ID, White: white.ID})
				continue
			}
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		return outflank.Pair{}, outflank.Errorf(outflank.EINVALID, "pair %q can be read %d ways: use the players' ids (e.g. 12-7)", text, len(found))
	case firstErr != nil:
		return outflank.Pair{}, fmt.Errorf("pair %q: %w", text, firstErr)
	}
	return outflank.Pair{}, outflank.Errorf(outflank.EINVALID, "pair %q: write BLACK-WHITE, each a player's id or exact name (e.g. 12-7)", text)
}

// ParsePairs reads the --fix and --forbid pairs of a pairing command.
func ParsePairs(t *outflank.Tournament, fixed, forbidden []string) (fix, forbid []outflank.Pair, err error) {
	for _, list := range []struct {
		texts []string
		dst   *[]outflank.Pair
	}{{fixed, &fix}, {forbidden, &forbid}} {
		for _, text := range list.texts {
			p, err := ParsePair(t, text)
			if err != nil {
				return nil, nil, err
			}
			*list.dst = append(*list.dst, p)
		}
	}
	return fix, forbid, nil
}

// ParseScore reads "40-24" (black's discs first), or "40": black's discs
// alone, white having the rest of the 64.
func ParseScore(text string) (*outflank.Discs, error) {
	text = strings.TrimSpace(text)
	if b, err := strconv.Atoi(text); err == nil && b >= 0 && b <= 64 {
		// Black's discs alone: the game was played to the end with every
		// square filled, or the empty ones go to the winner anyway.
		return &outflank.Discs{Black: b, White: 64 - b}, nil
	}
	var b, w int
	var rest string
	n, _ := fmt.Sscanf(text, "%d-%d%s", &b, &w, &rest)
	if n != 2 {
		return nil, outflank.Errorf(outflank.EINVALID, "score %q: write black's discs, a hyphen, white's discs (e.g. 40-24)", text)
	}
	return &outflank.Discs{Black: b, White: w}, nil
}

// ParseSeed reads a seed, or draws one when text is empty.
func ParseSeed(text string) (uint64, error) {
	if text == "" {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return 0, fmt.Errorf("drawing a seed: %w", err)
		}
		return binary.LittleEndian.Uint64(b[:]) >> 1, nil
	}
	seed, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return 0, outflank.Errorf(outflank.EINVALID, "seed %q: give a whole number from 0 to %d", text, uint64(1<<64-1))
	}
	return seed, nil
}
