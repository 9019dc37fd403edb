// Finds import circles between the source files of packages/*/src (relative imports, type-only ones
// included: a circle is a design knot either way). Prints each circle; exits 1 when there is one.
// `node scripts/import-cycles.mjs`
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);

function sources(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** file -> the files it imports (relative specifiers; `.js` written for `.ts`, as NodeNext wants). */
export function importGraph(files) {
  const known = new Set(files);
  const graph = new Map();
  const specifier = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|[\s;])import\s*['"](\.[^'"]+)['"]/g;
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const deps = new Set();
    for (const m of text.matchAll(specifier)) {
      const target = resolve(dirname(file), m[1] ?? m[2] ?? m[3]).replace(/\.js$/, '.ts');
      const candidates = [target, `${target}.ts`, join(target, 'index.ts')];
      const hit = candidates.find((c) => known.has(c));
      if (hit) deps.add(hit);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan. */
export function cycles(graph) {
  let index = 0;
  const idx = new Map(), low = new Map(), onStack = new Set(), stack = [], found = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

export function findCycles() {
  const files = readdirSync(join(root, 'packages'))
    .map((p) => join(root, 'packages', p, 'src'))
    .filter((d) => { try { return statSync(d).isDirectory(); } catch { return false; } })
    .flatMap(sources);
  return cycles(importGraph(files)).map((scc) => scc.map((f) => relative(root, f)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = findCycles();
  for (const scc of found) console.log(`circle of ${scc.length} files:\n  ${scc.join('\n  ')}`);
  console.log(found.length === 0 ? 'no import circles' : `${found.length} import circle(s)`);
  process.exit(found.length === 0 ? 0 : 1);
}
