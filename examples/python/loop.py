"""Runs until stopped (a service-like loop): for pause and attach."""
import sys
import time


def tick(counter):
    counter["n"] += 1
    return counter["n"]


def main():
    counter = {"n": 0}
    limit = float(sys.argv[1]) if len(sys.argv) > 1 else 600.0
    start = time.time()
    while time.time() - start < limit:
        value = tick(counter)
        if value % 100 == 0:
            print("tick", value, flush=True)
        time.sleep(0.01)


if __name__ == "__main__":
    main()
