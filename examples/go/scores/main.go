// Examples for debug_trace: a loop with a branch, a call per iteration, a function that panics.
package main

import "fmt"

func scale(value, factor int) int {
	return value * factor
}

func runningTotal(values []int) int {
	total := 0
	for i := 0; i < len(values); i++ {
		v := values[i]
		if v < 0 {
			total -= 1
		} else {
			total += scale(v, 2)
		}
	}
	return total
}

func mean(values []int) int {
	count := len(values)
	sum := 0
	for _, v := range values {
		sum += v
	}
	return sum / count
}

// safeMean turns mean's panic into an error, so the program goes on to the next call.
func safeMean(values []int) (m int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return mean(values), nil
}

func main() {
	longRun := make([]int, 40)
	for i := range longRun {
		longRun[i] = i
	}
	longRun[12] = -1
	for _, values := range [][]int{longRun, {4, 8, -3, 6}, {5}} {
		fmt.Println("total", runningTotal(values))
	}
	for _, values := range [][]int{{3, 4}, {}, {1}} {
		m, err := safeMean(values)
		fmt.Println("mean", m, err)
	}
}
