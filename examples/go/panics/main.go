// Panics reads one item past the end of an order.
package main

import "fmt"

type Order struct {
	ID    int
	Items []string
}

func pick(o Order, i int) string {
	if i >= len(o.Items) {
		panic(fmt.Sprintf("order %d has no item %d", o.ID, i))
	}
	return o.Items[i]
}

func main() {
	o := Order{ID: 7, Items: []string{"tea", "milk", "bread"}}
	for i := 0; i <= len(o.Items); i++ {
		fmt.Println(pick(o, i))
	}
}
