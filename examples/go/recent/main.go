// Prints the average of the most recent readings. Reported: "average of the last 3: 21", while
// the last three readings (14, 20, 18) average 17.
package main

import "fmt"

// recentAverage is the mean of the last n readings.
func recentAverage(readings []int, n int) int {
	total := 0
	for i := len(readings) - n - 1; i < len(readings); i++ {
		total += readings[i]
	}
	return total / n
}

func main() {
	readings := []int{12, 15, 11, 14, 20, 18}
	fmt.Println("average of the last 3:", recentAverage(readings, 3))
}
