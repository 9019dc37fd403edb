import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JUnitReport, ThrownFailure } from './junit-xml.js';

interface JestAssertion {
  ancestorTitles?: string[];
  title?: string;
  status?: string;
  /** The errors the test failed with: their stacks (Jest's and Vitest's). */
  failureMessages?: string[];
  /** Jest's: the error objects' own properties (an `expect` failure's `matcherResult`). */
  failureDetails?: Record<string, unknown>[];
}

interface JestFileResult {
  name?: string;
  status?: string;
  message?: string;
  assertionResults?: JestAssertion[];
}

/**
 * Reads the JSON report Jest (`--json --outputFile`) and Vitest (`--reporter=json`) write, the same
 * shape in both: each test as a runnable id (`file::describe test`, the file relative to `cwd`);
 * a test file that failed to run (a syntax error, a failed import) is an error with its message.
 */
export async function readJestJsonReports(dir: string, cwd: string): Promise<JUnitReport | undefined> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json'));
  if (!files.length) return undefined;
  const report: JUnitReport = { passed: [], failed: [], skipped: [], errors: [], thrown: [] };
  for (const f of files) {
    let json: { testResults?: JestFileResult[] };
    try {
      json = JSON.parse(await readFile(join(dir, f), 'utf8')) as typeof json;
    } catch {
      continue;
    }
    for (const file of json.testResults ?? []) {
      const path = file.name ? relative(cwd, file.name) || file.name : '?';
      const tests = file.assertionResults ?? [];
      for (const t of tests) {
        const id = `${path}::${[...(t.ancestorTitles ?? []), t.title ?? '?'].join(' ')}`;
        if (t.status === 'passed') report.passed.push(id);
        else if (t.status === 'failed') {
          report.failed.push(id);
          const thrown = thrownError(t);
          if (thrown) report.thrown!.push({ test: id, fullName: [...(t.ancestorTitles ?? []), t.title ?? ''].join(' '), ...thrown });
        }
        else report.skipped.push(id);
      }
      if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
        report.errors!.push(`${path}: ${firstWords(file.message)}`);
      }
    }
  }
  return report;
}

/**
 * The error a failed test ended with when it is not a failed assertion (Jest's `expect` error
 * carries `matcherResult`; node:assert's and chai's, which Vitest's `expect` throws, are
 * `AssertionError`s): its name and message from the stack's first line, and the stack's frames.
 */
function thrownError(t: JestAssertion): Omit<ThrownFailure, 'test' | 'fullName'> | undefined {
  const stack = t.failureMessages?.[0];
  const details = t.failureDetails?.[0];
  if (!stack || (details && ('matcherResult' in details || details.code === 'ERR_ASSERTION'))) return undefined;
  // `TypeError [ERR_X]: message` (Node's errors with a code), possibly over several lines, up to the first `at` line
  const head = /^([A-Za-z_$][\w$]*)(?: \[[^\]]*\])?(?:: ([\s\S]*?))?\n\s+at /.exec(stack);
  if (!head || /AssertionError$/.test(head[1]!)) return undefined;
  const at: ThrownFailure['at'] = [];
  // the error's own frames: up to a blank line (Jest appends the `[cause]` error's stack after one)
  const frames = stack.slice(head[0].lastIndexOf('\n')).split(/\n\s*\n/)[0]!;
  for (const m of frames.matchAll(/^\s+at (?:.*? \()?((?:file:\/\/)?[^\s()]+?):(\d+):\d+\)?$/gm)) {
    const file = m[1]!.startsWith('file://') ? fileURLToPath(m[1]!) : m[1]!;
    at.push({ file, line: Number(m[2]) });
  }
  return { name: head[1]!, message: head[2] ?? '', at };
}

/** A runner's message on one line: its first two lines of substance (Jest's "● Test suite failed to run" heading left out), without colour codes. */
function firstWords(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const lines = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('●'));
  return lines.length ? lines.slice(0, 2).join(' ').slice(0, 300) : 'failed to run';
}
