// Goroutines squares numbers in several goroutines; with -idle N it also parks N idle goroutines.
package main

import (
	"flag"
	"fmt"
	"sync"
	"time"
)

func square(id int, results []int, wg *sync.WaitGroup) {
	defer wg.Done()
	// staggered: delve reports one of several goroutines that hit a breakpoint at the same instant
	time.Sleep(time.Duration(id) * 30 * time.Millisecond)
	sq := id * id
	results[id] = sq
}

func main() {
	idle := flag.Int("idle", 0, "goroutines to park while the workers run")
	flag.Parse()
	block := make(chan struct{})
	for i := 0; i < *idle; i++ {
		go func() { <-block }()
	}
	const workers = 4
	results := make([]int, workers)
	var wg sync.WaitGroup
	for id := 0; id < workers; id++ {
		wg.Add(1)
		go square(id, results, &wg)
	}
	wg.Wait()
	close(block)
	fmt.Println("results", results)
}
