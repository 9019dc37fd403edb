// Stuck is a service whose goroutines are all blocked: workers wait for replies that never come,
// and main waits for connections nobody makes. A target to attach to and pause.
package main

import (
	"fmt"
	"net"
	"os"
)

type request struct {
	id    int
	reply chan string
}

// worker waits for a request on its queue; none is ever sent.
func worker(id int, queue chan request) {
	r := <-queue
	r.reply <- fmt.Sprint("done ", id, r.id)
}

func serve(ln net.Listener, replies []chan string) {
	for {
		conn, err := ln.Accept()
		if err != nil {
			return
		}
		fmt.Fprintln(conn, "workers", len(replies))
		conn.Close()
	}
}

func main() {
	const workers = 20
	replies := make([]chan string, workers)
	for i := range replies {
		replies[i] = make(chan string)
		go worker(i, make(chan request))
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	fmt.Println("stuck pid", os.Getpid(), "listening", ln.Addr())
	serve(ln, replies)
}
