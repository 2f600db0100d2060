package rating

import (
	"strconv"
	"strings"

	"outflank/wof"
)

// Entry is what a list shows of a player besides his rating.
type Entry struct {
	Name, Country string
}

// Directory names the players of a list by WOF id: from the WOF player
// database when there is one, else from the latest .ELO file that gives a
// player line for the id.
type Directory map[int]Entry

// NewDirectory builds the directory of the archive's files (in date order,
// as ReadArchive returns them) and the player database db, which may be
// nil. The database wins; among files, the latest.
func NewDirectory(files []wof.ArchiveFile, db *wof.PlayerDB) Directory {
	d := Directory{}
	for _, f := range files {
		for _, p := range f.File.Players {
			name := strings.TrimSpace(p.Surname)
			if first := strings.TrimSpace(p.Firstname); first != "" {
				name += ", " + first
			}
			e := Entry{Name: name, Country: p.Country}
			if old, ok := d[p.ID]; ok && e.Country == "" {
				e.Country = old.Country
			}
			d[p.ID] = e
		}
	}
	if db != nil {
		for _, p := range db.Players {
			name := p.Surname
			if p.Firstname != "" {
				name += ", " + p.Firstname
			}
			d[p.ID] = Entry{Name: name, Country: p.Country}
		}
	}
	return d
}

// Name returns the player's name, or "#ID" when the directory lacks him.
func (d Directory) Name(id int) string {
	if e, ok := d[id]; ok && e.Name != "" {
		return e.Name
	}
	return "#" + strconv.Itoa(id)
}
