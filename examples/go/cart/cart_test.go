package cart

import "testing"

func TestPlainTotal(t *testing.T) {
	items := []Item{{Price: 10, Qty: 2}, {Price: 2.5, Qty: 4}}
	if got := Total(items); got != 30 {
		t.Errorf("Total = %v, want 30", got)
	}
}

func TestDiscountedTotal(t *testing.T) {
	items := []Item{{Price: 10, Qty: 2}, {Price: 5, Qty: 4, Discount: 10}}
	expected := 20.0 + 18.0
	total := Total(items)
	if total != expected {
		t.Errorf("Total = %v, want %v", total, expected)
	}
}
