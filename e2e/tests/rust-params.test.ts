import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * Parameters that are patterns (`(lo, hi): (i32, i32)`, `&Point { x, y: up }: &Point`) or a
 * closure's (`|v: i32, top: i32|`, `|&(p, q)|`) are parameters: a let below that shadows one does
 * not make it "not declared yet" where the argument is what the name holds.
 */
describe('rust pattern and closure parameters (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-params-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-locals'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a shadowed pattern or closure parameter shows its argument at a stop before the let', async () => {
    const at = (text: string) => ({ file: main, line: lineOf(main, text) });
    const stops = [at('let p = p * q;'), at('let v = v.min(top);'), at('let hi = hi.max(lo);'), at('let x = x.abs();')];
    let r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: stops }, 300_000);
    const seen: Record<string, string>[] = [];
    for (let i = 0; i < 5 && r.structured.state === 'stopped'; i++) {
      seen.push({ line: String(r.structured.stop?.line), ...r.structured.locals });
      r = await g.ok('debug_continue', { timeoutMs: 30_000 });
    }
    const [closurePass1, closurePass2, clamp, span, norm] = seen;
    assert.equal(closurePass1?.line, String(stops[0]!.line), JSON.stringify(seen));
    assert.equal(closurePass1?.p, '2', `a closure's pattern parameter: ${JSON.stringify(seen)}`);
    assert.equal(closurePass2?.p, '4', JSON.stringify(seen));
    assert.equal(clamp?.v, '150', `a closure's typed parameter: ${JSON.stringify(seen)}`);
    assert.equal(clamp?.top, '100', JSON.stringify(seen));
    assert.equal(span?.hi, '10', `a tuple pattern parameter: ${JSON.stringify(seen)}`);
    assert.equal(span?.lo, '3', JSON.stringify(seen));
    assert.equal(norm?.x, '-4', `a struct pattern parameter: ${JSON.stringify(seen)}`);
    assert.equal(norm?.up, '5', JSON.stringify(seen));
    assert.doesNotMatch(JSON.stringify(seen), /not declared yet/, JSON.stringify(seen));
    await g.call('debug_stop');
  });
});
