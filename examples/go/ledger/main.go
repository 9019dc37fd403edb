// Ledger posts six amounts to an account and prints the balance. The balance is wrong: find why.
package main

import (
	"fmt"
	"os"
)

type Entry struct {
	Label  string
	Amount int
}

type Account struct {
	Owner   string
	Entries []Entry
	Tags    map[string]string
}

func newAccount(owner string, tags map[string]string) *Account {
	return &Account{Owner: owner, Tags: tags}
}

func (a *Account) Post(label string, amount int) int {
	fee := 0
	if amount < 0 {
		fee = 1
	}
	a.Entries = append(a.Entries, Entry{Label: label, Amount: amount - fee})
	return a.Balance()
}

func (a *Account) Balance() int {
	total := 0
	for i := 1; i < len(a.Entries); i++ {
		total += a.Entries[i].Amount
	}
	return total
}

// want is what the balance should be: every amount, less a fee of 1 per negative amount.
func want(amounts []int) int {
	sum := 0
	for _, amount := range amounts {
		sum += amount
		if amount < 0 {
			sum--
		}
	}
	return sum
}

func main() {
	acct := newAccount("ada", map[string]string{"region": "eu", "tier": "gold"})
	amounts := []int{40, -15, 70, 5, -90, -12}
	total := 0
	for step, amount := range amounts {
		total = acct.Post(fmt.Sprintf("step%d", step), amount)
	}
	fmt.Println("final", total, acct.Tags["region"])
	if expected := want(amounts); total != expected {
		fmt.Println("expected", expected)
		os.Exit(3)
	}
}
