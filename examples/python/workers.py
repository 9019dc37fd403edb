"""Three threads reach one line at about the same time: for thread listing and per-thread stops."""
import threading

barrier = threading.Barrier(3)
results = {}


def work(name, rounds):
    barrier.wait()
    acc = sum(i * len(name) for i in range(rounds))
    results[name] = acc  # every worker passes here once
    return acc


def main():
    threads = [threading.Thread(target=work, args=(f"worker-{t}", 100), name=f"worker-{t}") for t in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print("done", len(results), flush=True)


if __name__ == "__main__":
    main()
