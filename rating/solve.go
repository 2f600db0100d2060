package rating

import "math"

// fit is the weighted Bradley–Terry problem of one calculation: the players
// to rate (dense indexes 0..n-1, every one in a component of at least
// MinComponent players) and their games against each other, summed by pair.
type fit struct {
	n int
	// For each pair k of players who met: i[k] < j[k], w[k] the sum of the
	// age weights of their games, y[k] the weighted score of i[k] (a win 1,
	// a draw ½, a loss 0, each times the game's weight).
	i, j []int32
	w, y []float64
	// comp is each player's component, 0..ncomp-1; games is each player's
	// plain number of games in the fit, the weights of the centring.
	comp  []int32
	ncomp int
	games []float64
}

// Solver settings. Newton's method converges quadratically once near the
// maximum; tolerance is on the largest step, in natural units (one unit is
// K rating points), so 1e-6 is 0.0002 points: far below the rounding to
// whole points, and above the noise of summing 400,000 games in float64.
const (
	maxNewton = 100
	tolerance = 1e-6
	maxCG     = 1000
	// gradTolerance is the gradient (in weighted games, a recent game
	// weighing 150) below which the ratings are at the maximum: a player's
	// wins and expected wins agree to a billionth of a game.
	gradTolerance = 1e-7
	maxMove       = 10
	// cgForcing is the conjugate gradient's relative residual at every
	// Newton step. Solving the last steps to 1e-8, as Eisenstat and
	// Walker's forcing term did, took 150 iterations a step (and the
	// final one its 1,000) for no change in the ratings beyond 0.00002
	// points (January 2026 list): the Newton iteration converges all the
	// same, its largest step falling below tolerance.
	cgForcing = 0.01
	nearStep  = 0.25
)

// solve finds the log-strengths r (one per player, in natural units) that
// maximise the weighted likelihood, starting from r as given (zeros, or a
// previous list's values), and centres each component on its mean weighted
// by plain games. It returns the number of Newton steps taken.
func (f *fit) solve(r []float64) int {
	n := f.n
	grad := make([]float64, n)
	diag := make([]float64, n)
	curv := make([]edge, len(f.w))
	step := make([]float64, n)
	cg := newCGBuffers(n)
	trial := make([]float64, n)
	ll, stale := 0.0, true
	steps := 0
	for ; steps < maxNewton; steps++ {
		// Gradient and curvature of the log-likelihood at r.
		for k := range grad {
			grad[k], diag[k] = 0, 0
		}
		for k := range f.w {
			a, b := f.i[k], f.j[k]
			d := r[a] - r[b]
			p, q := sigmoids(d)
			g := f.y[k] - f.w[k]*p
			grad[a] += g
			grad[b] -= g
			// p(1−p) as σ(d)σ(−d): 1−p would round to 0 for |d| > 37.
			c := f.w[k] * p * q
			curv[k] = edge{a, b, c}
			diag[a] += c
			diag[b] += c
		}
		// Newton's step solves L step = grad, L the curvature's weighted
		// graph Laplacian (singular along each component's constant, which
		// the gradient is orthogonal to).
		// A gradient this small is rounding noise (the sum of 400,000
		// weighted games in float64): the maximum is reached, and a
		// conjugate gradient asked to solve for noise never converges (it
		// ran its 1,000 iterations, then a line search that found no rise:
		// nearly half of a list's time).
		if math.Sqrt(dot(grad, grad)) < gradTolerance {
			break
		}
		// Inexact Newton: far from the maximum a rough step does as well
		// as an exact one, and near it the iteration corrects itself.
		f.conjugateGradient(curv, diag, grad, step, cg, cgForcing)
		// The Laplacian is singular along each component's constant: rounding
		// lets the conjugate gradient drift that way, which changes no
		// likelihood but would spoil the convergence test and the trust
		// region, so the step is taken with each component's mean removed.
		f.removeMeans(step)
		// A trust region: no rating moves more than maxMove in one step.
		// Where a player's games are all one-sided at the current ratings
		// (a warm start that puts a newcomer far from his opponents) the
		// curvature is nearly zero and the plain Newton step enormous.
		largest := 0.0
		for k, s := range step {
			if a := math.Abs(s); a > largest || math.IsNaN(s) {
				largest = a
			}
			step[k] = math.Max(-maxMove, math.Min(maxMove, s))
		}
		if largest < tolerance {
			steps++
			break
		}
		if math.IsNaN(largest) || math.IsInf(largest, 0) {
			break // cannot happen on a connected component; never loop on it
		}
		// Backtrack while the likelihood does not rise: far from the
		// maximum (the first steps from zero) a full Newton step on the
		// logistic likelihood can overshoot. Near it (no rating moving more
		// than nearStep) the full step is safe and the likelihood, a third
		// of the cost of a step, is not evaluated.
		t := 1.0
		if largest <= nearStep {
			for k := range r {
				trial[k] = r[k] + step[k]
			}
			stale = true
		} else {
			if stale {
				ll, stale = f.logLikelihood(r), false
			}
			for {
				for k := range r {
					trial[k] = r[k] + t*step[k]
				}
				if l := f.logLikelihood(trial); l >= ll || t < 1.0/1024 {
					ll = l
					break
				}
				t /= 2
			}
			if t < 1.0/1024 {
				break // no rise even on a short step: the maximum, to float64's precision
			}
		}
		copy(r, trial)
	}
	f.centre(r)
	return steps
}

// removeMeans subtracts from v each component's plain mean.
func (f *fit) removeMeans(v []float64) {
	sum := make([]float64, f.ncomp)
	count := make([]float64, f.ncomp)
	for k, c := range f.comp {
		sum[c] += v[k]
		count[c]++
	}
	for k, c := range f.comp {
		v[k] -= sum[c] / count[c]
	}
}

// logLikelihood returns the weighted log-likelihood of the games at r.
func (f *fit) logLikelihood(r []float64) float64 {
	var s float64
	for k := range f.w {
		d := r[f.i[k]] - r[f.j[k]]
		// y log σ(d) + (w−y) log σ(−d), with log σ(x) = −log(1+e^−x)
		// and softplus(d) = softplus(−d) + d: one logarithm, not two.
		sp := softplus(-d)
		s -= f.w[k]*sp + (f.w[k]-f.y[k])*d
	}
	return s
}

// centre moves each component so that its players' log-strengths average
// zero, each player weighing his plain number of games.
func (f *fit) centre(r []float64) {
	sum := make([]float64, f.ncomp)
	weight := make([]float64, f.ncomp)
	for k, c := range f.comp {
		sum[c] += f.games[k] * r[k]
		weight[c] += f.games[k]
	}
	for k, c := range f.comp {
		r[k] -= sum[c] / weight[c]
	}
}

// cgBuffers are the conjugate gradient's vectors, kept across Newton steps.
type cgBuffers struct{ res, z, p, ap []float64 }

func newCGBuffers(n int) *cgBuffers {
	return &cgBuffers{make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)}
}

// edge is a pair of players who met and the curvature of their games:
// the conjugate gradient reads the three together, from one stream.
type edge struct {
	a, b int32
	c    float64
}

// conjugateGradient solves L x = b for the Laplacian L of the edges'
// curvatures c (diag its diagonal), preconditioned by the diagonal.
func (f *fit) conjugateGradient(c []edge, diag, b, x []float64, buf *cgBuffers, relResidue float64) {

	res, z, p, ap := buf.res, buf.z, buf.p, buf.ap
	var bb float64
	for k := range x {
		x[k] = 0
		res[k] = b[k]
		z[k] = precondition(res[k], diag[k])
		p[k] = z[k]
		bb += b[k] * b[k]
	}
	if bb == 0 {
		return
	}
	rz := dot(res, z)
	for it := 0; it < maxCG; it++ {
		for k := range ap {
			ap[k] = 0
		}
		for _, e := range c {
			d := e.c * (p[e.a] - p[e.b])
			ap[e.a] += d
			ap[e.b] -= d
		}
		pap := dot(p, ap)
		if pap <= 0 {
			return
		}
		alpha := rz / pap
		var rr float64
		for k := range x {
			x[k] += alpha * p[k]
			res[k] -= alpha * ap[k]
			rr += res[k] * res[k]
		}
		if rr <= relResidue*relResidue*bb {
			return
		}
		for k := range z {
			z[k] = precondition(res[k], diag[k])
		}
		rzNew := dot(res, z)
		beta := rzNew / rz
		rz = rzNew
		for k := range p {
			p[k] = z[k] + beta*p[k]
		}
	}
}

// precondition divides a residual by the curvature's diagonal; a player
// whose curvature underflowed to zero (all his games hopelessly one-sided
// at the current ratings) is left where he is for this step.
func precondition(res, diag float64) float64 {
	if diag < 1e-200 {
		return 0
	}
	return res / diag
}

func dot(a, b []float64) float64 {
	var s float64
	for k := range a {
		s += a[k] * b[k]
	}
	return s
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// sigmoids returns σ(x) and σ(−x) from one exponential, each accurate
// however large |x| is.
func sigmoids(x float64) (float64, float64) {
	if x >= 0 {
		e := math.Exp(-x)
		return 1 / (1 + e), e / (1 + e)
	}
	e := math.Exp(x)
	return e / (1 + e), 1 / (1 + e)
}

// softplus returns log(1 + e^x) without overflow.
func softplus(x float64) float64 {
	if x > 30 {
		return x
	}
	return math.Log1p(math.Exp(x))
}
