import { Gateway, lineOf } from '../support/gateway.ts';
const g = await Gateway.start();
const show = (r: any) => console.log('---\n' + r.text + (r.isError ? ' [ERROR]' : ''));
const ex = '/work/wt-native/examples/';
try {
  let r = await g.call('debug_launch', { program: ex + 'c/crash.c', wait: false }, 120000); show(r);
  show(await g.call('debug_wait', { timeoutMs: 20000 }));
  show(await g.call('debug_stack', {}));
  show(await g.call('debug_continue', { timeoutMs: 20000 }));
  show(await g.call('debug_events', {}));
  const rs = ex + 'rust/src/main.rs';
  const line = lineOf(rs, 'total = acct.post(*amount);');
  r = await g.call('debug_launch', { program: ex + 'rust', breakpoints: [{ file: rs, line, condition: 'step == 3' }] }, 300000); show(r);
  show(await g.call('debug_variables', { path: 'acct', depth: 2 }));
  show(await g.call('debug_variables', { path: 'acct.tags', depth: 2 }));
  show(await g.call('debug_variables', { path: 'amounts', depth: 1 }));
  show(await g.call('debug_evaluate', { expression: 'acct.entries.len()' }));
  show(await g.call('debug_evaluate', { expression: 'acct.limit' }));
  await g.call('debug_stop');
  await g.call('debug_breakpoint_remove', { all: true });
  r = await g.call('debug_launch', { program: ex + 'rust/src/bin/panic.rs', wait: false }, 300000); show(r);
  show(await g.call('debug_wait', { timeoutMs: 20000 }));
  show(await g.call('debug_stack', {}));
  show(await g.call('debug_continue', { timeoutMs: 20000 }));
} finally { await g.close(); }
