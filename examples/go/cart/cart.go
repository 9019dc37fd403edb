// Package cart is the code under test for the Go debug_test examples: a shopping cart's totals.
package cart

import "math"

// Item is one line of a cart; Discount is meant as a fraction (0.1 = 10 %).
type Item struct {
	Price    float64
	Qty      int
	Discount float64
}

// LineTotal is one line's price; callers pass Discount in percents, which this does not expect.
func LineTotal(price float64, qty int, discount float64) float64 {
	return math.Round(price*float64(qty)*(1-discount)*100) / 100
}

// Total is the sum of the lines.
func Total(items []Item) float64 {
	total := 0.0
	for _, it := range items {
		total += LineTotal(it.Price, it.Qty, it.Discount)
	}
	return total
}
