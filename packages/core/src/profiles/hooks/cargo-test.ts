import { dirname } from 'node:path';
import { GatewayError } from '../../errors.js';
import { which } from '../../which.js';
import { findCargoManifest } from './cargo.js';
import { firstLines } from './build-helpers.js';
import { runCommand } from '../../process/run-command.js';
import type { TemplateVars } from './types.js';

/**
 * debug_test for Rust: `cargo test --no-run` builds the test binaries; the one whose `--list`
 * has a test matching the name (cargo test's own substring filter) is launched with that filter.
 */
export async function prepareCargoTest(vars: TemplateVars): Promise<void> {
  const cargo = await which('cargo');
  if (!cargo) throw new GatewayError('cargo not found: a Rust toolchain is needed to build the tests', 'install Rust (https://rustup.rs)');
  const manifest = await findCargoManifest(vars.cwd);
  if (!manifest) throw new GatewayError(`${vars.cwd} is not inside a Cargo project`, 'pass cwd: the folder with Cargo.toml');
  const r = await runCommand(cargo, ['test', '--no-run', '--manifest-path', manifest, '--message-format=json-render-diagnostics'], { cwd: dirname(manifest), timeoutMs: 600_000 });
  if (!r.ok) throw new GatewayError(`cargo test --no-run failed (${r.failure}):\n${firstLines(r.stderr, 40)}`, 'fix the build errors, then run the test again');
  const binaries = r.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { reason: string; executable?: string | null; profile?: { test: boolean } })
    .filter((m) => m.reason === 'compiler-artifact' && m.profile?.test && m.executable)
    .map((m) => m.executable!);
  const name = String(vars.name);
  const holding: { binary: string; tests: string[] }[] = [];
  for (const binary of binaries) {
    const list = await runCommand(binary, ['--list', '--format=terse'], { cwd: dirname(manifest), timeoutMs: 30_000 });
    const tests = list.stdout.split('\n').filter((l) => l.endsWith(': test')).map((l) => l.slice(0, -': test'.length)).filter((t) => t.includes(name));
    if (tests.length) holding.push({ binary, tests });
  }
  if (!holding.length) throw new GatewayError(`no test matches '${name}' in the ${binaries.length} test binaries of ${manifest}`, 'pass a test name or part of one (cargo test NAME), e.g. tests::my_test');
  if (holding.length > 1) {
    throw new GatewayError(`'${name}' matches tests in ${holding.length} test binaries (${holding.map((h) => h.tests[0]).join(', ')})`, 'pass a longer name that only one test binary has, e.g. its module path');
  }
  vars.testBinary = holding[0]!.binary;
}
