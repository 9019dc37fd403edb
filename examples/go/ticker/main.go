// Ticker runs until it is killed, ticking every 50 ms: a target to attach to.
package main

import (
	"fmt"
	"os"
	"time"
)

func tick(n int) int {
	next := n + 1
	return next
}

func main() {
	fmt.Println("ticker pid", os.Getpid())
	n := 0
	for {
		n = tick(n)
		if n%20 == 0 {
			fmt.Println("tick", n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
