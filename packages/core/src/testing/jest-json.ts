import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { JUnitReport } from './junit-xml.js';

interface JestAssertion {
  ancestorTitles?: string[];
  title?: string;
  status?: string;
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
  const report: JUnitReport = { passed: [], failed: [], skipped: [], errors: [] };
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
        else if (t.status === 'failed') report.failed.push(id);
        else report.skipped.push(id);
      }
      if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
        report.errors!.push(`${path}: ${firstWords(file.message)}`);
      }
    }
  }
  return report;
}

/** A runner's message on one line: its first two lines of substance (Jest's "● Test suite failed to run" heading left out), without colour codes. */
function firstWords(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const lines = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('●'));
  return lines.length ? lines.slice(0, 2).join(' ').slice(0, 300) : 'failed to run';
}
