/* A ledger whose running total goes wrong: the fee is charged on deposits too. */
#include <stdio.h>

struct account {
    const char *owner;
    int balance;
    int entries;
};

static int fee_for(int amount) {
    return amount < 0 ? 1 : 1; /* bug: deposits pay the fee as well */
}

static int post(struct account *acct, int amount) {
    int fee = fee_for(amount);
    acct->balance += amount - fee;
    acct->entries++;
    return acct->balance;
}

int main(int argc, char **argv) {
    struct account acct = { argc > 1 ? argv[1] : "ada", 0, 0 };
    int amounts[] = { 40, -15, 70, 5, -90, -12 };
    int total = 0;
    for (int step = 0; step < 6; step++) {
        int amount = amounts[step];
        total = post(&acct, amount);
    }
    printf("final %d %s has %d entries\n", total, acct.owner, acct.entries);
    return total < 0 ? 3 : 0;
}
