import { Gateway, lineOf, repoRoot } from '/work/wt-nodefix/e2e/support/gateway.js';
const p = process.argv[2];
const g = await Gateway.start();
const t = async (name: string, args: any = {}) => { const s = Date.now(); const r = await g.call(name, args); console.log(`--- ${name} ${JSON.stringify(args).slice(0,200)} (${Date.now() - s} ms)\n${r.text.slice(0, 3000)}`); return r; };
for (const adapterArgs of [JSON.parse(process.argv[3])]) {
  await t('debug_launch', { program: p, adapterArgs, breakpoints: [{ file: p, line: lineOf(p, "const where = path.join") }] });
  await t('debug_step', { kind: 'into' });
  if (process.argv[4]) await t('debug_diagnose', {});
  await t('debug_stop', {});
}
await g.close();
