# Examples for debug_trace: a function whose first statement is a loop head, called three times,
# each pass calling a function defined in another file (checks.py).
from checks import is_negative


def first_negative(values):
    for i in range(len(values)):
        if is_negative(values[i]):  # the first value below zero ends the search
            return i
    return len(values)


print("first negative", first_negative([3, 1, -2, 5]))
print("first negative", first_negative([-7, 2]))
print("first negative", first_negative([4]))
