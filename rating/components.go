package rating

// MinComponent is the least number of players a strongly connected
// component must hold for its players to be rated: with fewer, a handful of
// players who only met each other would get a level of their own, unrelated
// to the rest of the world.
const MinComponent = 10

// components returns, for each of n players, the number of its strongly
// connected component in the graph with an edge from the winner of every
// game to the loser (both ways for a draw), and each component's size.
// Players who won every game, or lost every game, are components of their
// own: no finite rating explains their results. The graph is given as arcs
// from[k] → to[k]. It is Tarjan's algorithm, iterative so that a long chain
// of players cannot overflow the stack.
func components(n int, from, to []int32) (comp []int32, size []int) {
	// Adjacency in compressed rows.
	start := make([]int32, n+1)
	for _, f := range from {
		start[f+1]++
	}
	for i := 0; i < n; i++ {
		start[i+1] += start[i]
	}
	adj := make([]int32, len(from))
	fill := append([]int32(nil), start[:n]...)
	for k, f := range from {
		adj[fill[f]] = to[k]
		fill[f]++
	}

	const unvisited = -1
	index := make([]int32, n)
	low := make([]int32, n)
	onStack := make([]bool, n)
	comp = make([]int32, n)
	for i := range index {
		index[i] = unvisited
	}
	var stack []int32 // Tarjan's stack of visited players
	type frame struct{ v, next int32 }
	var call []frame // the depth-first search's own stack
	counter := int32(0)
	for root := int32(0); root < int32(n); root++ {
		if index[root] != unvisited {
			continue
		}
		call = append(call, frame{root, start[root]})
		index[root], low[root] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root] = true
		for len(call) > 0 {
			top := &call[len(call)-1]
			v := top.v
			if top.next < start[v+1] {
				w := adj[top.next]
				top.next++
				switch {
				case index[w] == unvisited:
					index[w], low[w] = counter, counter
					counter++
					stack = append(stack, w)
					onStack[w] = true
					call = append(call, frame{w, start[w]})
				case onStack[w] && index[w] < low[v]:
					low[v] = index[w]
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				if u := call[len(call)-1].v; low[v] < low[u] {
					low[u] = low[v]
				}
			}
			if low[v] == index[v] {
				c := int32(len(size))
				k := 0
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = c
					k++
					if w == v {
						break
					}
				}
				size = append(size, k)
			}
		}
	}
	return comp, size
}
