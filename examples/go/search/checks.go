// Called from main.go's loop: a function in another file, for traces that follow calls.
package main

func isNegative(v int) bool {
	negative := v < 0
	return negative
}
