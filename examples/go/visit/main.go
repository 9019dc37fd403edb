// Examples for debug_trace on an adapter that reports no return values: a function with no
// result that calls a closure, and a function whose return expression is a call.
package main

import "fmt"

var kept int

func visit(values []int, keep func(int) bool) {
	count := 0
	for _, v := range values {
		if keep(v) {
			count++
		}
	}
	kept = count
}

func isEven(v int) bool {
	return v%2 == 0
}

func firstIsEven(values []int) bool {
	return isEven(values[0])
}

func main() {
	visit([]int{1, 2, 3, 4}, func(v int) bool {
		return v > 2
	})
	fmt.Println("kept", kept)
	fmt.Println("first is even", firstIsEven([]int{6, 7}))
}
