// Hang is a service stuck halfway: consumers wait on a channel nobody sends on, lockers wait for a
// mutex main never releases; main itself keeps ticking, so the process stays alive. A target for
// snapshots of waiting goroutines.
package main

import (
	"fmt"
	"os"
	"sync"
	"time"
)

func consume(id int, jobs <-chan int, done chan<- int) {
	for job := range jobs { // nobody sends: every consumer waits here
		done <- job * id
	}
}

func update(id int, mu *sync.Mutex, balance *int) {
	mu.Lock() // main holds the lock forever: every updater waits here
	*balance += id
	mu.Unlock()
}

func main() {
	fmt.Println("hang pid", os.Getpid())
	jobs := make(chan int)
	done := make(chan int)
	for id := 1; id <= 3; id++ {
		go consume(id, jobs, done)
	}
	var mu sync.Mutex
	balance := 100
	mu.Lock()
	for id := 1; id <= 2; id++ {
		go update(id, &mu, &balance)
	}
	for n := 1; ; n++ {
		time.Sleep(100 * time.Millisecond)
		if n%5 == 0 {
			fmt.Println("tick", n)
		}
	}
}
