// Examples for debug_trace: a function whose first statement is a loop head, called three times,
// each pass calling a function defined in another file (checks.go).
package main

import "fmt"

func firstNegative(values []int) int {
	for i := 0; i < len(values); i++ {
		if isNegative(values[i]) { // the first value below zero ends the search
			return i
		}
	}
	return len(values)
}

func main() {
	fmt.Println("first negative", firstNegative([]int{3, 1, -2, 5}))
	fmt.Println("first negative", firstNegative([]int{-7, 2}))
	fmt.Println("first negative", firstNegative([]int{4}))
}
