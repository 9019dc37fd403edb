"""Finishes in a few milliseconds: the first breakpoint must still hit."""


def square_all(values):
    out = []
    for v in values:
        out.append(v * v)
    return out


result = square_all([1, 2, 3])
total = sum(result)
print("total", total)
