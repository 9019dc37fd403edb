"""Threads stuck in different ways: one holds a lock and sleeps, two wait for that lock, main waits
for them. A target for snapshots of threads blocked in C calls (sleep, lock acquire)."""
import threading
import time

lock = threading.Lock()
held = threading.Event()
ledger = {"balance": 100}


def hold(seconds):
    with lock:
        held.set()
        time.sleep(seconds)  # the holder sleeps with the lock held


def update(amount):
    held.wait()
    with lock:  # the updaters wait here for the lock
        ledger["balance"] += amount


def main():
    holder = threading.Thread(target=hold, args=(3600,), name="holder")
    holder.start()
    updaters = [threading.Thread(target=update, args=(n,), name=f"updater-{n}") for n in (5, 7)]
    for t in updaters:
        t.start()
    print("stuck", flush=True)
    for t in updaters:
        t.join()
    print("balance", ledger["balance"], flush=True)


if __name__ == "__main__":
    main()
