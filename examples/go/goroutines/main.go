// Goroutines squares numbers in several goroutines; with -idle N it also parks N idle goroutines.
package main

import (
	"flag"
	"fmt"
	"sync"
)

// square waits for its turn, then hands the turn on: the workers reach results[id] one at a time.
// (When several goroutines hit a breakpoint at the same instant, delve reports one of them and
// the others pass it unreported; a stagger by time would not do, as timers run on while stopped.)
func square(id int, results []int, turns []chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	<-turns[id]
	sq := id * id
	results[id] = sq
	close(turns[id+1])
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
	turns := make([]chan struct{}, workers+1)
	for i := range turns {
		turns[i] = make(chan struct{})
	}
	var wg sync.WaitGroup
	for id := 0; id < workers; id++ {
		wg.Add(1)
		go square(id, results, turns, &wg)
	}
	close(turns[0])
	wg.Wait()
	close(block)
	fmt.Println("results", results)
}
