import { basename } from 'node:path';
import { runCommand } from '../../process/run-command.js';
import type { TemplateVars } from './types.js';

const PROBE_TIMEOUT_MS = 30_000;

/**
 * pytest's own reading of its options (command line, PYTEST_ADDOPTS, the ini file's addopts), as
 * xdist's cmdline_main hook left them (`-n auto` made `dist=load`): a plugin whose cmdline_main
 * hook prints them and ends the run there (no collection); without xdist importable, only that
 * (~30 ms rather than ~0.5 s).
 */
const XDIST_PROBE = `
import importlib.util, json, sys
if importlib.util.find_spec("xdist") is None:
    print("\\n" + json.dumps({"xdist": False, "n": None, "dist": None, "tx": [], "ini": ""}))
    sys.exit(0)
import pytest
class Probe:
    @pytest.hookimpl(tryfirst=True)
    def pytest_cmdline_main(self, config):
        o = config.option
        print("\\n" + json.dumps({"xdist": config.pluginmanager.hasplugin("xdist"), "n": getattr(o, "numprocesses", None), "dist": getattr(o, "dist", None), "tx": getattr(o, "tx", None) or [], "ini": str(config.inipath or "")}, default=str))
        return 0
sys.exit(pytest.main(sys.argv[1:], plugins=[Probe()]))
`;

interface Probed {
  xdist: boolean;
  n: number | string | null;
  dist: string | null;
  tx: string[];
  ini: string;
}

/**
 * When the project's pytest runs its tests in pytest-xdist workers (`-n auto` in its addopts, in
 * PYTEST_ADDOPTS, a `--dist`), debug_test runs them in pytest's own process, as `pytest -n 0` does
 * (the form's `xdistOff`; `-p no:xdist` would make the addopts' `-n` an unknown option). Under
 * debugpy's subProcess (its default) each worker waits for a client to attach to it, which
 * dapgate does not (the run hung); with subProcess off the workers run without the debugger and
 * the failing assert is no stop.
 * Decided by pytest and xdist themselves, asked with the run's id and cwd (bounded); when they
 * cannot say (pytest fails to start), the run's output does.
 */
export async function xdistOff(python: string, vars: TemplateVars, selection: string[]): Promise<void> {
  const env = vars.env ? { ...process.env, ...vars.env } : undefined;
  const r = await runCommand(python, ['-c', XDIST_PROBE, '-p', 'no:cacheprovider', ...selection], { cwd: vars.cwd, env, timeoutMs: PROBE_TIMEOUT_MS });
  let said: Probed;
  try {
    said = JSON.parse(r.stdout.trim().split('\n').pop() ?? '') as Probed;
  } catch {
    return;
  }
  // read after xdist's own cmdline_main (pluggy calls the later-registered entry point first): `dist` is its verdict
  const on = (said.dist !== null && said.dist !== 'no') || (said.n !== null && said.n !== 0 && said.n !== '0');
  if (!said.xdist || !on) return;
  vars.xdistOffArg = vars.xdistOff;
  const workers = said.tx.length ? `${said.tx.length} worker process${said.tx.length > 1 ? 'es' : ''}` : 'worker processes';
  const where = said.ini ? `${basename(said.ini)}'s addopts, PYTEST_ADDOPTS or the command line` : 'PYTEST_ADDOPTS or the command line';
  (vars.testNotes as string[] | undefined)?.push(
    `pytest-xdist is turned off for this run (${String(vars.xdistOff)}): the project's options (${where}) run the tests in ${workers} (--dist ${String(said.dist)}), where the debugger does not stop; here they run in pytest's own process.`,
  );
}

