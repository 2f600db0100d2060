package matching

// candidate is a possible dual change kept in a deltaHeap: key fixes the
// change (see solver.nextDelta for each heap's key), id is the vertex or
// blossom it belongs to and edge the edge it would make tight (-1: none).
type candidate struct {
	key      Weight
	id, edge int32
}

func (a candidate) before(b candidate) bool {
	if a.key != b.key {
		return a.key.Less(b.key)
	}
	if a.id != b.id {
		return a.id < b.id
	}
	return a.edge < b.edge
}

// deltaHeap is a binary min-heap of candidates, ordered by key, then id,
// then edge, so that the order in which they are taken depends only on
// their values. Entries go out of date as the forest changes; they are
// not removed then, but checked when they come to the top (lazy deletion).
type deltaHeap []candidate

func (h *deltaHeap) push(c candidate) {
	*h = append(*h, c)
	a := *h
	i := len(a) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !a[i].before(a[p]) {
			break
		}
		a[i], a[p] = a[p], a[i]
		i = p
	}
}

// pop removes the least candidate.
func (h *deltaHeap) pop() {
	a := *h
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	*h = a
	i := 0
	for {
		l := 2*i + 1
		if l >= len(a) {
			return
		}
		m := l
		if r := l + 1; r < len(a) && a[r].before(a[l]) {
			m = r
		}
		if !a[m].before(a[i]) {
			return
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
}
