package stats

import "testing"

func TestMaxPositive(t *testing.T) {
	if got := Max([]int{3, 9, 4}); got != 9 {
		t.Fatalf("Max = %d, want 9", got)
	}
}

func TestMaxNegative(t *testing.T) {
	if got := Max([]int{-7, -2, -5}); got != -2 {
		t.Fatalf("Max = %d, want -2", got)
	}
}
