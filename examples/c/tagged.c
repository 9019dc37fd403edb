// A small-string trick (as Rust's semver does): short text is stored in the pointer's own bits,
// so the "pointer" points nowhere. A debugger reading it as a pointer reads unmapped memory.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct __attribute__((packed)) ident {
  const unsigned char *pointer; // "01" packed into the pointer's bits, or a real pointer
  unsigned char tail[4];
};

int main(void) {
  uintptr_t bits = 0;
  memcpy(&bits, "01", 2);
  struct ident inline_id = { (const unsigned char *)bits, {1, 0, 0, 0} };
  struct ident heap_id = { (const unsigned char *)"alpha", {0, 0, 0, 0} };
  printf("ids %p %s\n", (const void *)inline_id.pointer, (const char *)heap_id.pointer);
  return 0;
}
