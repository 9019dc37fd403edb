// Package stats has a Max with a bug that one of its tests finds.
package stats

// Max returns the largest of xs.
func Max(xs []int) int {
	best := 0
	for _, x := range xs {
		if x > best {
			best = x
		}
	}
	return best
}
