"""Examples for debug_trace: a loop with a branch, a call per iteration, a function that raises."""


def scale(value, factor):
    return value * factor


def running_total(values):
    total = 0
    for i, v in enumerate(values):
        if v < 0:
            total -= 1
        else:
            total += scale(v, 2)
    return total


def mean(values):
    count = len(values)
    return sum(values) / count


def main():
    long_run = list(range(40))
    long_run[12] = -1
    for values in (long_run, [4, 8, -3, 6], [5]):
        print("total", running_total(values))
    for values in ([3, 4], [], [1]):
        try:
            print("mean", mean(values))
        except ZeroDivisionError as e:
            print("error", e)


if __name__ == "__main__":
    main()
