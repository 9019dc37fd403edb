/* Runs until killed, so a debugger can attach to it by pid. */
#include <stdio.h>
#include <unistd.h>

static long tick(long counter) {
    return counter + 1;
}

int main(void) {
    long counter = 0;
    printf("spin pid %d\n", (int)getpid());
    fflush(stdout);
    for (;;) {
        counter = tick(counter);
        usleep(20000);
    }
}
