import { Gateway, lineOf } from '../support/gateway.ts';
const g = await Gateway.start();
const show = (r: any) => console.log('---\n' + r.text + (r.isError ? ' [ERROR]' : ''));
try {
  const c = '/work/wt-native/examples/c/ledger.c';
  const line = lineOf(c, 'total = post(&acct, amount);');
  let r = await g.call('debug_launch', { program: c, breakpoints: [{ file: c, line, condition: 'amount < 0' }], adapterArgs: { enableAutoVariableSummaries: true } }, 120000); show(r);
  for (const context of ['repl', 'watch', 'hover']) show(await g.call('debug_evaluate', { expression: 'fee_for(5) + amount', context }));
  show(await g.call('debug_evaluate', { expression: 'acct', context: 'watch' }));
  show(await g.call('debug_variables', {}));
  await g.call('debug_stop');
  await g.call('debug_breakpoint_remove', { all: true });
  r = await g.call('debug_launch', { program: '/work/wt-native/examples/c/crash.c' }, 120000); show(r);
  show(await g.call('debug_stack', {}));
  show(await g.call('debug_continue', { timeoutMs: 20000 }));
  show(await g.call('debug_events', {}));
} finally { await g.close(); }
