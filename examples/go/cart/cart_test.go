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

func TestLineTotals(t *testing.T) {
	cases := []struct {
		name     string
		item     Item
		expected float64
	}{
		{"no discount", Item{Price: 3, Qty: 3}, 9},
		{"quarter off", Item{Price: 8, Qty: 1, Discount: 25}, 6},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := LineTotal(c.item.Price, c.item.Qty, c.item.Discount)
			if got != c.expected {
				t.Errorf("%s: LineTotal = %v, want %v", c.name, got, c.expected)
			}
		})
	}
}
