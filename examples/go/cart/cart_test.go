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

func TestBulkOrder(t *testing.T) {
	items := []Item{{Price: 4, Qty: 50, Discount: 5}}
	total := Total(items)
	if total <= 0 {
		t.Fatalf("bulk order total %v is not positive", total)
	}
	t.Log("bulk order total", total)
}
