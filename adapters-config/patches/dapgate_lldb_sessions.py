"""lldb enters a Python session for every call into a Python data formatter (a Rust value's
provider, its summary, its child count, each child read): it runs `run_one_line(dict,
'lldb.debugger_unique_id = N; lldb.debugger = ...; lldb.frame = ...')` in __main__, and lldb's
run_one_line compiles that same line anew through code.InteractiveConsole every time (0.1-0.2 ms,
about a dozen times a stop of a Rust trace). Here lldb's own session lines are compiled once and run
in the same dictionary as before; any other line (a `script` command) goes to lldb's run_one_line,
and so does a session line that fails (lldb's reports the error as it did).
"""
import __main__

_SESSION_LINE = "lldb.debugger_unique_id = "


def _install():
    lldb_run_one_line = getattr(__main__, "run_one_line", None)
    if lldb_run_one_line is None or getattr(lldb_run_one_line, "dapgate", False):
        return
    compiled = {}

    def run_one_line(local_dict, input_string):
        if isinstance(input_string, str) and input_string.startswith(_SESSION_LINE):
            code = compiled.get(input_string)
            if code is None:
                if len(compiled) >= 64:
                    compiled.clear()
                # as lldb's run_one_line compiles it: one interactive statement, newline-terminated
                code = compiled[input_string] = compile(input_string + "\n", "<lldb session>", "single")
            try:
                exec(code, local_dict)
                return
            except Exception:
                pass
        lldb_run_one_line(local_dict, input_string)

    run_one_line.dapgate = True
    __main__.run_one_line = run_one_line


_install()
