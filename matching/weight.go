package matching

import (
	"fmt"
	"math/big"
	"math/bits"
)

// Weight is a signed 128-bit integer: wide enough to encode a pairing's
// priorities lexicographically (each criterion in its own range of bits)
// for thousands of players, where int64 would overflow.
type Weight struct {
	hi int64
	lo uint64
}

// W returns the Weight with the value of n.
func W(n int64) Weight {
	if n < 0 {
		return Weight{hi: -1, lo: uint64(n)}
	}
	return Weight{lo: uint64(n)}
}

// Add returns w + v.
func (w Weight) Add(v Weight) Weight {
	lo, carry := bits.Add64(w.lo, v.lo, 0)
	hi, _ := bits.Add64(uint64(w.hi), uint64(v.hi), carry)
	return Weight{hi: int64(hi), lo: lo}
}

// Sub returns w - v.
func (w Weight) Sub(v Weight) Weight {
	lo, borrow := bits.Sub64(w.lo, v.lo, 0)
	hi, _ := bits.Sub64(uint64(w.hi), uint64(v.hi), borrow)
	return Weight{hi: int64(hi), lo: lo}
}

// Neg returns -w.
func (w Weight) Neg() Weight { return Weight{}.Sub(w) }

// Shl returns w shifted left by n bits (0 <= n < 128).
func (w Weight) Shl(n uint) Weight {
	switch {
	case n == 0:
		return w
	case n >= 64:
		return Weight{hi: int64(w.lo << (n - 64))}
	}
	return Weight{hi: w.hi<<n | int64(w.lo>>(64-n)), lo: w.lo << n}
}

// Half returns w / 2, rounding toward minus infinity.
func (w Weight) Half() Weight {
	return Weight{hi: w.hi >> 1, lo: w.lo>>1 | uint64(w.hi)<<63}
}

// Double returns 2w.
func (w Weight) Double() Weight { return w.Add(w) }

// Cmp returns -1, 0 or +1 as w is less than, equal to or greater than v.
func (w Weight) Cmp(v Weight) int {
	switch {
	case w.hi < v.hi:
		return -1
	case w.hi > v.hi:
		return 1
	case w.lo < v.lo:
		return -1
	case w.lo > v.lo:
		return 1
	}
	return 0
}

// Less reports whether w < v.
func (w Weight) Less(v Weight) bool { return w.hi < v.hi || (w.hi == v.hi && w.lo < v.lo) }

// Sign returns -1, 0 or +1.
func (w Weight) Sign() int { return w.Cmp(Weight{}) }

// IsZero reports whether w is 0.
func (w Weight) IsZero() bool { return w.hi == 0 && w.lo == 0 }

// Big returns w as a big.Int, for printing and tests.
func (w Weight) Big() *big.Int {
	b := new(big.Int).SetInt64(w.hi)
	b.Lsh(b, 64)
	return b.Add(b, new(big.Int).SetUint64(w.lo))
}

// String returns w in decimal.
func (w Weight) String() string { return w.Big().String() }

// Format lets fmt print w in decimal.
func (w Weight) Format(f fmt.State, verb rune) { fmt.Fprint(f, w.String()) }

// MulUint64 returns w * c for w >= 0. The caller keeps the product within
// 127 bits (the pairing encoder checks its ranges with big integers).
func (w Weight) MulUint64(c uint64) Weight {
	hi, lo := bits.Mul64(w.lo, c)
	return Weight{hi: int64(hi + uint64(w.hi)*c), lo: lo}
}

// FromBig returns the Weight equal to b, which must fit in 127 bits.
func FromBig(b *big.Int) Weight {
	var w Weight
	m := new(big.Int).Set(b)
	neg := m.Sign() < 0
	m.Abs(m)
	w.lo = m.Uint64()
	w.hi = int64(new(big.Int).Rsh(m, 64).Uint64())
	if neg {
		w = w.Neg()
	}
	return w
}
