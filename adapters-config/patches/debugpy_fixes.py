"""dapgate's fixes for the debugpy package in dapgate's private venv.

TCP_NODELAY: pydevd writes each DAP message as two sendall() calls (header, then body) on a socket
that keeps Nagle's algorithm on; the receiver delays its ACK, so every request that reaches the
debuggee waits ~40 ms (microsoft/debugpy#2054). The edits turn TCP_NODELAY on for the sockets
debugpy's adapter, launcher and pydevd use for DAP.

Lazy environment log: debugpy's log.describe_environment() builds its report (every installed
distribution's name and version, read through importlib.metadata) even when no log file takes it.
The launcher and the debuggee call it three times per launch, on the user's interpreter, the last
time with pydevd's tracer already on: 0.4-1.2 s per launch with ~100 packages installed. The edit
returns early unless a log file records "info" messages, which is when the report is written.

File edits, not a runtime hook: the debuggee runs on the user's interpreter, which never sees this
venv's .pth files, but it does load debugpy and pydevd from this venv's debugpy folder.

Usage: python debugpy_fixes.py check|apply
  check: exit 0 and "applied" when every edit is present; exit 1 with what is missing; exit 2 when
         a missing edit cannot be made (a debugpy version whose code moved: names file and line).
  apply: makes the edits that are missing (idempotent); exit 2 as above, changing nothing.
"""
import importlib.util
import os
import re
import sys

NODELAY = "# dapgate:tcp-nodelay"
LAZY_LOG = "# dapgate:lazy-environment-log"


def nodelay(sock, module):
    """After the anchor, at its indent: TCP_NODELAY on `sock` (`module` is the socket module's name there)."""
    return lambda indent, edit_id: (
        f"{indent}try:  {NODELAY} {edit_id}\n"
        f"{indent}    {sock}.setsockopt({module}.IPPROTO_TCP, {module}.TCP_NODELAY, 1)\n"
        f"{indent}except Exception:  {NODELAY}\n"
        f"{indent}    pass  {NODELAY}\n"
    )


def lazy_environment_log(indent, edit_id):
    """First lines of describe_environment(): nothing to build when no log file takes "info"."""
    return (
        f'{indent}    if "info" not in _levels:  {LAZY_LOG} {edit_id}\n'
        f"{indent}        return  {LAZY_LOG}\n"
    )


# (id, file inside the debugpy package, a line that must occur exactly once, its mark, the lines
#  inserted after it)
EDITS = [
    ("adapter-streams", "common/messaging.py", r"sock\.settimeout\(None\)", NODELAY, nodelay("sock", "socket")),
    ("pydevd-client", "_vendored/pydevd/_pydevd_bundle/pydevd_comm.py", r"s\.settimeout\(None\)\s*# no timeout after connected", NODELAY, nodelay("s", "socket_module")),
    ("pydevd-server", "_vendored/pydevd/_pydevd_bundle/pydevd_comm.py", r"new_socket, _addr = s\.accept\(\)", NODELAY, nodelay("new_socket", "socket_module")),
    ("describe-environment", "common/log.py", r"^def describe_environment\(header\):", LAZY_LOG, lazy_environment_log),
]


def debugpy_dir():
    spec = importlib.util.find_spec("debugpy")
    if spec is None or not spec.submodule_search_locations:
        return None
    return list(spec.submodule_search_locations)[0]


def version(root):
    # debugpy/_version.py holds the version without importing debugpy (which would start threads)
    try:
        with open(os.path.join(root, "_version.py"), encoding="utf-8") as f:
            m = re.search(r'"version":\s*"([^"]+)"', f.read())
            return m.group(1) if m else "?"
    except OSError:
        return "?"


def missing(root):
    """The edits not present, as (edit, file path)."""
    out = []
    for edit in EDITS:
        path = os.path.join(root, edit[1])
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError:
            out.append((edit, path))
            continue
        if f"{edit[3]} {edit[0]}\n" not in text:
            out.append((edit, path))
    return out


def plan(root, ver):
    """For each file with missing edits: its lines and (line index, edit) pairs; or a message why not."""
    by_file = {}
    for edit, path in missing(root):
        by_file.setdefault(path, []).append(edit)
    planned = {}
    for path, edits in by_file.items():
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.read().splitlines(keepends=True)
        except OSError as e:
            return None, f"debugpy {ver}: cannot read {path}: {e}"
        spots = []
        for edit in edits:
            hits = [i for i, line in enumerate(lines) if re.search(edit[2], line)]
            if len(hits) != 1:
                found = "not found" if not hits else f"found {len(hits)} times"
                return None, (
                    f"debugpy {ver}: the spot for dapgate's fix ({edit[0]}) has moved: a line matching "
                    f"/{edit[2]}/ was {found} in {path}. The fix was written for debugpy 1.8.22; pin that "
                    f"version in adapters-config/python.json or update adapters-config/patches/debugpy_fixes.py"
                )
            spots.append((hits[0], edit))
        planned[path] = (lines, spots)
    return planned, None


def apply(root, ver):
    planned, why = plan(root, ver)
    if why:
        print(why)
        return 2
    made = 0
    for path, (lines, spots) in planned.items():
        for i, (edit_id, _rel, _anchor, _mark, make) in sorted(spots, key=lambda spot: spot[0], reverse=True):
            indent = re.match(r"\s*", lines[i]).group(0)
            lines.insert(i + 1, make(indent, edit_id))
            made += 1
        text = "".join(lines)
        compile(text, path, "exec")  # never leave a file Python cannot load
        tmp = f"{path}.dapgate-tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)  # atomic: a process starting now reads the old or the new file
    print(f"applied ({made} edit(s) made, {len(EDITS) - made} already present)")
    return 0


def main(argv):
    if len(argv) != 2 or argv[1] not in ("check", "apply"):
        print("usage: python debugpy_fixes.py check|apply")
        return 64
    if argv[1] == "check":
        # what the runtime check (import debugpy; print its version) finds, so the gateway starts
        # this interpreter once, not twice (profile patch.checksRuntime); when the import fails the
        # gateway runs that check itself, for its own words
        try:
            import debugpy

            print(f"runtime-check-passed {debugpy.__version__}")
        except Exception:  # noqa: BLE001 - any failure: no line, the fix check goes on
            pass
    root = debugpy_dir()
    if root is None:
        print("debugpy is not importable by " + sys.executable)
        return 1
    ver = version(root)
    if argv[1] == "apply":
        return apply(root, ver)
    todo = missing(root)
    if not todo:
        print("applied")
        return 0
    _planned, why = plan(root, ver)
    if why:
        print(why)
        return 2
    names = ", ".join(sorted({e[0] for e, _ in todo}))
    print(f"not applied to debugpy {ver} at {root} (missing: {names})")
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
