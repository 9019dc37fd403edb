import { Gateway, lineOf } from '../support/gateway.ts';
const g = await Gateway.start();
const show = (r: any) => console.log('---\n' + r.text + (r.isError ? ' [ERROR]' : ''));
const [,, mode] = process.argv;
try {
  show(await g.call('debug_languages'));
  const c = '/work/wt-native/examples/c/ledger.c';
  const line = lineOf(c, 'total = post(&acct, amount);');
  let r = await g.call('debug_launch', { program: c, breakpoints: [{ file: c, line, condition: 'amount < 0' }] }, 120000); show(r);
  show(await g.call('debug_variables', { path: 'acct' , depth: 2}));
  show(await g.call('debug_evaluate', { expression: 'fee_for(5) + amount' }));
  show(await g.call('debug_step', { kind: 'into' }));
  show(await g.call('debug_step', { kind: 'over' }));
  show(await g.call('debug_step', { kind: 'out' }));
  await g.call('debug_breakpoint_remove', { all: true });
  show(await g.call('debug_continue', { timeoutMs: 20000 }));
  show(await g.call('debug_output'));
} finally { await g.close(); }
