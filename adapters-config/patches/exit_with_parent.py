"""Runs a Python module (python.json's adapter command: `exit_with_parent.py -m debugpy.adapter`)
and makes its process exit once the gateway that started it is gone.

debugpy's adapter outlives a gateway killed with SIGKILL by 30-40 s (it waits for the debug server
it injected or launched to disconnect first), and a warm pooled adapter with no session would wait
the same way. Its stdin closes when the gateway dies, which ends the session (the debuggee is
resumed and let go as on any lost client); this watch then ends the process.

A poll of getppid(), not PR_SET_PDEATHSIG: that needs ctypes and libc, is Linux-only, and fires on
the exit of the parent *thread* that started it, not of the process. Re-parenting is the
portable signal that the parent is gone (POSIX; on Windows getppid() never changes and the watch
does nothing).
"""
import os
import runpy
import sys
import threading
import time

POLL_S = 0.5
# after the parent is gone: time for the adapter to finish what the closed stdin started (the
# disconnect that resumes a paused debuggee), then the process ends whatever it waits for
GRACE_S = 1.0


def watch(parent):
    while os.getppid() == parent:
        time.sleep(POLL_S)
    time.sleep(GRACE_S)
    os._exit(0)


def main():
    if len(sys.argv) < 3 or sys.argv[1] != "-m":
        sys.stderr.write("usage: exit_with_parent.py -m MODULE [ARGS...]\n")
        sys.exit(2)
    module = sys.argv[2]
    # as `python -m MODULE ARGS` would see it: this script's folder is not an import root
    sys.argv = [sys.argv[0]] + sys.argv[3:]
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [os.getcwd()] + [p for p in sys.path[1:] if os.path.abspath(p) != here]
    threading.Thread(target=watch, args=(os.getppid(),), name="dapgate exit-with-parent", daemon=True).start()
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
