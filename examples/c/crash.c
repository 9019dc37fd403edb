/* Walks a linked list one node too far and dereferences NULL (SIGSEGV). */
#include <stdio.h>
#include <stddef.h>

struct node {
    int value;
    struct node *next;
};

static int sum_first(const struct node *head, int count) {
    int sum = 0;
    for (int i = 0; i <= count; i++) { /* bug: <= walks past the last node */
        sum += head->value;
        head = head->next;
    }
    return sum;
}

int main(void) {
    struct node c = { 3, NULL }, b = { 2, &c }, a = { 1, &b };
    printf("sum %d\n", sum_first(&a, 3));
    return 0;
}
