package matching

import "math/bits"

// blossomTree is the nesting of the blossoms of an optimal solution, for
// Perfect.Slack: an edge left out of the graph gets twice the dual of every
// blossom holding both its ends. At a Swiss round's optimum the blossoms
// nest hundreds deep, and pricing asks about millions of pairs, so the
// innermost blossom holding both ends is found in constant time.
//
// The vertices are listed in an order where every blossom's are
// consecutive (depth first). The innermost blossom holding the vertices at
// positions i < j is then the shallowest of those holding the neighbours
// at k and k+1, for k from i to j-1: a range minimum, answered from a
// sparse table.
type blossomTree struct {
	pos []int32    // vertex -> its position in the list
	sum []Weight   // vertex or blossom -> twice the duals of the blossoms holding it (itself too)
	rmq [][]uint64 // rmq[k][i]: the least of between[i : i+2^k] (see key)
	// outer is each vertex's top-level blossom (-1: the vertex is at the
	// top level): two vertices of different ones share no blossom.
	outer []int32
}

// key orders blossom b at depth d (0 for the outermost) so that the least
// key of a range is the shallowest blossom; 0 stands for no blossom.
func key(b, d int) uint64 { return uint64(d+1)<<32 | uint64(b+1) }

func newBlossomTree(s *solver) *blossomTree {
	t := &blossomTree{pos: make([]int32, s.n), sum: make([]Weight, 2*s.n), outer: make([]int32, s.n)}
	between := make([]uint64, 0, s.n) // between[i]: key of the innermost blossom holding positions i and i+1
	next := int32(0)
	var visit func(x, depth, top int, sum Weight)
	visit = func(x, depth, top int, sum Weight) {
		if x < s.n {
			t.pos[x], t.sum[x], t.outer[x] = next, sum, int32(top)
			next++
			return
		}
		sum = sum.Add(s.dualvar[x].Double())
		t.sum[x] = sum
		for i, c := range s.blossomchilds[x] {
			if i > 0 {
				between = append(between, key(x, depth))
			}
			visit(c, depth+1, top, sum)
		}
	}
	for x := range 2 * s.n {
		if s.blossomparent[x] == -1 && (x < s.n || s.blossombase[x] >= 0) {
			if next > 0 {
				between = append(between, 0)
			}
			top := -1
			if x >= s.n {
				top = x
			}
			visit(x, 0, top, Weight{})
		}
	}
	t.rmq = [][]uint64{between}
	for k := 1; 1<<k <= len(between); k++ {
		prev, half := t.rmq[k-1], 1<<(k-1)
		level := make([]uint64, len(prev)-half)
		for i := range level {
			level[i] = min(prev[i], prev[i+half])
		}
		t.rmq = append(t.rmq, level)
	}
	return t
}

// outerHeld returns twice the dual of the top-level blossom holding both u
// and v (0 when none does): at most held(u, v), found with two look-ups
// rather than a range minimum.
func (t *blossomTree) outerHeld(u, v int) Weight {
	if b := t.outer[u]; b >= 0 && b == t.outer[v] {
		return t.sum[b]
	}
	return Weight{}
}

// held returns twice the duals of the blossoms holding both u and v.
func (t *blossomTree) held(u, v int) Weight {
	if u == v {
		return t.sum[u]
	}
	if b := t.outer[u]; b < 0 || b != t.outer[v] {
		return Weight{} // no blossom holds both
	}
	i, j := int(t.pos[u]), int(t.pos[v])
	if i > j {
		i, j = j, i
	}
	k := bits.Len(uint(j-i)) - 1
	m := min(t.rmq[k][i], t.rmq[k][j-1<<k])
	if m == 0 {
		return Weight{}
	}
	return t.sum[int(m&(1<<32-1))-1]
}
