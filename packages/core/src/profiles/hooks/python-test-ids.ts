import { GatewayError } from '../../errors.js';
import { runCommand } from '../../process/run-command.js';
import type { TemplateVars } from './types.js';

const COLLECT_TIMEOUT_MS = 60_000;
const SHOWN = 12;

/**
 * Checks a pytest or unittest id against what the runner itself collects (`pytest --collect-only
 * -q`, unittest's loader), bounded: an id that selects nothing, or a bare test name defined in
 * several places, is refused with the runnable ids. A bare name is resolved before the run (it
 * picks what runs); other ids are checked while the run starts (`idCheck`, awaited by the launch).
 * When the collection itself fails (a syntax error, pytest missing), the run's output says so.
 */
export async function resolvePythonTest(python: string, vars: TemplateVars): Promise<void> {
  const test = String(vars.test);
  const env = vars.env ? { ...process.env, ...vars.env } : undefined;
  if (vars.collect === 'pytest -k') return pytestSelection(python, vars, env);
  const check = vars.collect === 'unittest' ? unittestId(python, test, vars.cwd, env) : pytestNodeId(python, test, String(vars.file ?? ''), vars.cwd, env);
  check.catch(() => undefined); // awaited by the launch; never an unhandled rejection meanwhile
  vars.idCheck = check;
}

type Env = NodeJS.ProcessEnv | undefined;

async function collect(python: string, args: string[], cwd: string, env: Env): Promise<string[] | undefined> {
  // --verbosity=-1 (one id a line) comes after the project's addopts and sets the level: a -q would only
  // add to a -v there (python-tabulate's), and pytest would print its tree instead of the ids
  const r = await runCommand(python, ['-m', 'pytest', '--collect-only', '--verbosity=-1', '-p', 'no:cacheprovider', ...args], { cwd, env, timeoutMs: COLLECT_TIMEOUT_MS });
  // 0: collected; 5: none collected. Anything else (a collection error, no pytest) is the run's to report.
  if (r.exitCode !== 0 && r.exitCode !== 5) return undefined;
  const ids = r.stdout.split(/\r?\n/).filter((l) => l.includes('::') && !/^\s|^(?:ERROR|FAILED|=)/.test(l));
  // pytest collected tests and printed no id that could be read: nothing is known, nothing is refused
  return r.exitCode === 0 && !ids.length ? undefined : ids;
}

/** `file::Class::test[case]`: some collected id of the file is it, or under it. */
async function pytestNodeId(python: string, test: string, file: string, cwd: string, env: Env): Promise<void> {
  const sep = test.indexOf('::');
  if (sep < 0) return;
  const ids = await collect(python, [file], cwd, env);
  if (!ids) return;
  const want = test.slice(sep + 2);
  const inFile = ids.map((id) => `${test.slice(0, sep)}::${id.slice(id.indexOf('::') + 2)}`);
  if (inFile.some((id) => id === test || id.startsWith(`${test}::`) || id.startsWith(`${test}[`))) return;
  // the classes (and a parametrized test's cases' function) are runnable ids too
  const parents = inFile.flatMap((id) => {
    const parts = id.replace(/\[.*$/, '').split('::');
    return [...parts.slice(2).map((_, i) => parts.slice(0, i + 2).join('::')), parts.join('::')];
  });
  const known = new Set(inFile);
  inFile.unshift(...new Set(parents.filter((p) => !known.has(p))));
  throw new GatewayError(`'${test}' matches no test: pytest collects ${ids.length} in ${test.slice(0, sep)}${inFile.length ? `: ${candidates(inFile, want)}` : ''}`, `pass one of them as test${inFile.length ? ` (e.g. test: "${closest(inFile, want)}")` : ''}`, 'not-found');
}

/**
 * A `-k` expression, or a bare name: the name of test functions defined in one place runs that
 * node id; in several places it is refused with each (`-k NAME` runs them all); any other word is
 * a `-k` expression, refused when it selects nothing.
 */
async function pytestSelection(python: string, vars: TemplateVars, env: Env): Promise<void> {
  const expression = typeof vars.expression === 'string' ? vars.expression.trim() : String(vars.name).trim();
  vars.selectFlag = '-k';
  vars.selector = expression;
  if (typeof vars.name === 'string' && /^\w+$/.test(expression)) {
    const all = await collect(python, [], vars.cwd, env);
    if (!all) return;
    const parents = [...new Set(all.filter((id) => functionName(id) === expression).map((id) => id.replace(/\[.*$/, '')))];
    if (parents.length > 1) throw new GatewayError(`'${expression}' names tests in ${parents.length} places: ${parents.join(', ')}`, `pass one of them as test (e.g. test: "${parents[0]}"), or test: "-k ${expression}" to run them all`, 'ambiguous');
    if (parents.length === 1) {
      vars.selectFlag = undefined;
      vars.selector = parents[0];
      (vars.testNotes as string[] | undefined)?.push(`Runs ${parents[0]} (the test named ${expression}).`);
      return;
    }
  }
  const check = kSelects(python, expression, vars.cwd, env);
  check.catch(() => undefined);
  vars.idCheck = check;
}

async function kSelects(python: string, expression: string, cwd: string, env: Env): Promise<void> {
  const selected = await collect(python, ['-k', expression], cwd, env);
  if (!selected || selected.length) return;
  const all = (await collect(python, [], cwd, env)) ?? [];
  throw new GatewayError(`'-k ${expression}' selects no test of the ${all.length} pytest collects here${all.length ? `: ${candidates(all, expression)}` : ''}`, `pass a node id (file::test) or another -k expression${all.length ? ` (e.g. test: "${closest(all, expression)}")` : ''}`, 'not-found');
}

const UNITTEST_IDS = `
import json, sys, unittest
loader = unittest.TestLoader()
def ids(s):
    out = []
    for t in s:
        out += ids(t) if isinstance(t, unittest.TestSuite) else [t.id()]
    return out
def load(name):
    try:
        found = ids(loader.loadTestsFromName(name))
    except Exception:
        return []
    return [] if any(i.startswith("unittest.loader._FailedTest") for i in found) else found
parts = sys.argv[1].split(".")
found = load(sys.argv[1])
near = []
for k in range(len(parts) - 1, 0, -1):
    if found:
        break
    near = load(".".join(parts[:k]))
    if near:
        break
print("\\n" + json.dumps({"found": len(found), "near": near[:500]}))
`;

/** A dotted unittest name: unittest's own loader finds it, else the tests under the longest part of it that loads. */
async function unittestId(python: string, test: string, cwd: string, env: Env): Promise<void> {
  const r = await runCommand(python, ['-c', UNITTEST_IDS, test], { cwd, env, timeoutMs: COLLECT_TIMEOUT_MS });
  let said: { found: number; near: string[] };
  try {
    said = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
  } catch {
    return; // the loader could not run: the run says why
  }
  if (said.found) return;
  const near = said.near;
  throw new GatewayError(`'${test}' matches no test unittest can load${near.length ? `; nearby: ${candidates(near, test)}` : ''}`, near.length ? `pass one of them as test (e.g. test: "${closest(near, test)}")` : 'pass package.module.Class.test_method, importable from cwd (the project folder)', 'not-found');
}

function functionName(id: string): string {
  return id.replace(/\[.*$/, '').split('::').pop() ?? '';
}

/** The ids that share the most words with what was asked, best first, bounded. */
function ranked(ids: string[], asked: string): string[] {
  const words = new Set(asked.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1));
  // what was asked after the file (pytest) or its longest dotted prefix that is an id's (unittest), against the same part of each id
  const tail = (id: string) => (id.includes('::') ? id.slice(id.indexOf('::') + 2) : id).toLowerCase();
  const want = tail(asked);
  const prefix = (id: string) => {
    const t = tail(id);
    let n = 0;
    while (n < t.length && t[n] === want[n]) n++;
    return n === t.length && n === want.length ? n + 1 : n;
  };
  const score = (id: string) => id.toLowerCase().split(/[^a-z0-9]+/).filter((w) => words.has(w)).length + prefix(id) * 10;
  return ids.map((id, i) => ({ id, i, s: score(id) })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.id);
}

function candidates(ids: string[], asked: string): string {
  const best = ranked(ids, asked).slice(0, SHOWN);
  return `${best.join(', ')}${ids.length > SHOWN ? ` (and ${ids.length - SHOWN} more)` : ''}`;
}

function closest(ids: string[], asked: string): string {
  return ranked(ids, asked)[0]!;
}
