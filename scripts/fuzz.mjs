// `npm run fuzz`: the tool fuzz at full size (10,000 calls unless FUZZ_CALLS says otherwise).
import { spawnSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, FUZZ_CALLS: process.env.FUZZ_CALLS ?? '10000' };
const r = spawnSync(process.execPath, ['scripts/run-tests.mjs', 'e2e/tests/tool-fuzz'], { cwd: root, stdio: 'inherit', env });
process.exit(r.status ?? 1);
