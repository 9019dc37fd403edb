import { Gateway } from './support/gateway.js';
const g = await Gateway.start({ CARGO_TARGET_DIR: '/tmp/cargows-semver-target' });
for (const test of ['test_parse', 'tests/test_version.rs::test_parse', 'test_version::test_parse', '--test test_version_req test_parse', 'src/lib.rs - Version (line 1)']) {
  const t0 = Date.now();
  const r = await g.call('debug_test', { test, cwd: '/tmp/cargows-semver' }, 900_000);
  console.log(`=== ${test} (${Math.round((Date.now() - t0) / 1000)} s)\n${r.text.split('\n').slice(0, 4).join('\n')}\n...\n${r.text.split('\n').slice(-1)[0]}`);
  if (!r.isError && r.structured?.state === 'stopped') await g.call('debug_stop');
}
await g.close();
