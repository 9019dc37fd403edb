/* Examples for debug_trace: a loop with a branch, a call per iteration. */
#include <stdio.h>

static int scale(int value, int factor) {
    return value * factor;
}

static int running_total(const int *values, int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        int v = values[i];
        if (v < 0) {
            total -= 1;
        } else {
            total += scale(v, 2);
        }
    }
    return total;
}

static int mean(const int *values, int n) {
    int sum = 0;
    for (int i = 0; i < n; i++) sum += values[i];
    return sum / n;
}

int main(void) {
    int long_run[40];
    for (int i = 0; i < 40; i++) long_run[i] = i;
    long_run[12] = -1;
    int four[] = { 4, 8, -3, 6 };
    int one[] = { 5 };
    printf("total %d\n", running_total(long_run, 40));
    printf("total %d\n", running_total(four, 4));
    printf("total %d\n", running_total(one, 1));
    int pair[] = { 3, 4 };
    printf("mean %d\n", mean(pair, 2));
    return 0;
}
