import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a JUnit XML report (the format most runners can write) says about the tests that ran. */
export interface JUnitReport {
  passed: string[];
  failed: string[];
  skipped: string[];
}

/** Reads every `*.xml` report in `dir`; undefined when there is none (the runner did not get to write one). */
export async function readJUnitReports(dir: string): Promise<JUnitReport | undefined> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.xml'));
  if (!files.length) return undefined;
  const report: JUnitReport = { passed: [], failed: [], skipped: [] };
  for (const f of files) {
    const xml = await readFile(join(dir, f), 'utf8').catch(() => '');
    for (const m of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const attrs = m[1]!;
      const body = m[2] ?? '';
      const name = unescape(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? '?');
      const cls = unescape(/\bclassname="([^"]*)"/.exec(attrs)?.[1] ?? '');
      const id = cls ? `${cls}.${name}` : name;
      if (/<(?:failure|error)\b/.test(body)) report.failed.push(id);
      else if (/<skipped\b/.test(body)) report.skipped.push(id);
      else report.passed.push(id);
    }
  }
  return report;
}

function unescape(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
