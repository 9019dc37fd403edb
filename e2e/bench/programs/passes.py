# Passes one line 50,000 times: the bench's conditional breakpoint there holds only on the last pass.
N = 50000
total = 0
for i in range(1, N + 1):
    total += i  # PASS
print(total)  # AFTER
