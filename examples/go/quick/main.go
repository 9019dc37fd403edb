// Quick runs for a few milliseconds: a breakpoint must still stop it.
package main

import "fmt"

func main() {
	sum := 0
	for i := 0; i < 10; i++ {
		sum += i * i
	}
	fmt.Println("sum", sum)
}
