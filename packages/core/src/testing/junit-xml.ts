import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What a JUnit XML report (the format most runners can write) says about the tests that ran. */
export interface JUnitReport {
  passed: string[];
  failed: string[];
  skipped: string[];
  /** Test files that failed to run at all (a JSON report's suites without a test result). */
  errors?: string[];
  /** Tests that failed with an error other than an assertion's (a JSON report names it and its stack): what a second run can stop at where it is thrown. */
  thrown?: ThrownFailure[];
}

/** A test that failed with an error other than a failed assertion, as the runner's report gives it. */
export interface ThrownFailure {
  /** The test as a runnable id (`file::describe test`). */
  test: string;
  /** Its full name, as the runner matches names (describe blocks and test, joined by spaces). */
  fullName: string;
  /** The error's name (`TypeError`) and message. */
  name: string;
  message: string;
  /** The stack's frames that name a file, top first (source-mapped by the runner). */
  at: { file: string; line: number }[];
}

/** How a test case is named in the answer (see the profile schema's `report.ids`). */
export type JUnitIds = 'class.name' | 'file::name';

/** Reads every `*.xml` report in `dir`; undefined when there is none (the runner did not get to write one). */
export async function readJUnitReports(dir: string, ids: JUnitIds = 'class.name'): Promise<JUnitReport | undefined> {
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.xml'));
  if (!files.length) return undefined;
  const report: JUnitReport = { passed: [], failed: [], skipped: [] };
  for (const f of files) {
    const xml = await readFile(join(dir, f), 'utf8').catch(() => '');
    for (const m of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const attrs = m[1]!;
      const body = m[2] ?? '';
      const attr = (name: string) => {
        const v = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
        return v === undefined ? undefined : unescape(v);
      };
      const id = caseId(attr('name') ?? '?', attr('classname') ?? '', attr('file'), ids);
      if (/<(?:failure|error)\b/.test(body)) report.failed.push(id);
      else if (/<skipped\b/.test(body)) report.skipped.push(id);
      else report.passed.push(id);
    }
  }
  return report;
}

/** `file::Class::name`: the classes are what `classname` has after the file's dotted path (without its extension). */
function caseId(name: string, cls: string, file: string | undefined, ids: JUnitIds): string {
  if (ids === 'file::name' && file) {
    const module = file.replace(/\.[^./\\]+$/, '').replace(/[\\/]/g, '.');
    const classes = cls === module ? [] : cls.startsWith(`${module}.`) ? cls.slice(module.length + 1).split('.') : undefined;
    if (classes) return [file, ...classes, name].join('::');
  }
  return cls ? `${cls}.${name}` : name;
}

function unescape(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
