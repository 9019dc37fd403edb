// A stand-alone MCP client for the fault matrix: it starts `dapgate` over stdio, launches a Python
// loop with a marker, prints "waiting <gateway pid>" and blocks in debug_wait, so the test can
// kill this process mid-call. Run: node --import tsx waiting-client.ts <loop.py> <marker>
import { Gateway } from './gateway.js';

const [program, marker] = process.argv.slice(2);
const g = await Gateway.start({ DAPGATE_FAULT_ENV: marker! });
await g.ok('debug_launch', { program, args: ['120', marker!], wait: false });
console.log(`waiting ${g.pid}`);
await g.call('debug_wait', { timeoutMs: 120_000 }, 130_000);
