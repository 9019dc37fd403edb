import { spawn } from 'node:child_process';

// A scriptable fault-injecting debug adapter for tests only: it speaks just enough DAP to reach a
// stop, then misbehaves as its launch argument `mode` says: 'hang' (never answers continue),
// 'crash' (writes to stderr and exits 3 on continue), 'garbage' (sends an invalid frame first),
// 'half' (answers continue with half a frame, then nothing), 'huge' (a 20 MB output event on
// continue), 'slow' (every answer 700 ms late), 'exit-on-launch' (the program ends before it stops).
// Every mode starts a stand-in debuggee (a sleeping child) and reports its pid in a `process` event.
let buffer = Buffer.alloc(0);
let seq = 1;
let mode = 'normal';
let program = '';
let slowFrames = false;
let heldStack;

// In 'slow' mode every response waits 700 ms and what follows it waits behind it (order kept).
let outgoing = Promise.resolve();
const send = (m) => {
  if (mode !== 'slow') return write(m);
  outgoing = outgoing.then(() => (m.type === 'response' ? new Promise((r) => setTimeout(r, 700)) : undefined)).then(() => write(m));
};
const write = (m) => {
  const body = Buffer.from(JSON.stringify({ seq: seq++, ...m }));
  process.stdout.write(`Content-Length: ${body.length}\r\n\r\n`);
  process.stdout.write(body);
};
const respond = (req, body = {}) => send({ type: 'response', request_seq: req.seq, command: req.command, success: true, body });
const event = (name, body = {}) => send({ type: 'event', event: name, body });

function handle(req) {
  switch (req.command) {
    case 'initialize':
      respond(req, { supportsConfigurationDoneRequest: true });
      event('initialized');
      return;
    case 'attach':
    case 'launch':
      mode = req.arguments.mode ?? 'normal';
      program = req.arguments.program;
      if (mode === 'garbage') process.stdout.write('Content-Length: 7\r\n\r\n{oops!}');
      startDebuggee(req.arguments.marker);
      respond(req);
      return;
    case 'configurationDone':
      respond(req);
      if (mode === 'exit-on-launch') return endProgram(7);
      event('stopped', { reason: 'entry', threadId: 1, allThreadsStopped: true });
      return;
    case 'threads':
      return respond(req, { threads: [{ id: 1, name: 'main' }] });
    case 'pause':
      respond(req);
      if (mode === 'slow-frames') {
        slowFrames = true;
        event('stopped', { reason: 'pause', threadId: 1, allThreadsStopped: true });
      }
      return;
    case 'stackTrace':
      if (slowFrames) {
        // answered 3 s late, or right after the next request comes in (a detach's), whichever is first
        slowFrames = false;
        const timer = setTimeout(() => release(), 3_000);
        heldStack = () => {
          clearTimeout(timer);
          heldStack = undefined;
          handle(req);
        };
        const release = () => heldStack?.();
        return;
      }
      return respond(req, { stackFrames: [{ id: 1, name: 'main', line: 1, column: 1, source: { path: program } }], totalFrames: 1 });
    case 'scopes':
      return respond(req, { scopes: [{ name: 'Locals', variablesReference: 10, expensive: false }] });
    case 'variables':
      return respond(req, { variables: [{ name: 'x', value: '1', variablesReference: 0 }] });
    case 'continue':
      if (mode === 'hang') return;
      if (mode === 'half') {
        process.stdout.write(`Content-Length: 400\r\n\r\n{"seq": ${seq++}, "type": "response", "request_seq": ${req.seq}, "comm`);
        return;
      }
      if (mode === 'huge') event('output', { category: 'stdout', output: `${'x'.repeat(99)}\n`.repeat(200_000) });
      if (mode === 'crash') {
        process.stderr.write('fake-adapter: simulated crash while continuing\n');
        process.exit(3);
      }
      respond(req, { allThreadsContinued: true });
      if (mode !== 'slow-frames') endProgram(0);
      return;
    case 'disconnect':
      if (req.arguments?.terminateDebuggee !== false) debuggee?.kill('SIGKILL');
      respond(req);
      void outgoing.then(() => setTimeout(() => process.exit(0), 10));
      return;
    default:
      respond(req);
  }
}

let debuggee;
function startDebuggee(marker) {
  debuggee = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600_000)', marker ?? 'fake-debuggee'], { stdio: 'ignore' });
  event('process', { name: program, systemProcessId: debuggee.pid, isLocalProcess: true, startMethod: 'launch' });
}
function endProgram(code) {
  debuggee?.kill('SIGKILL');
  event('exited', { exitCode: code });
  event('terminated');
}

process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const length = Number(/Content-Length: (\d+)/.exec(buffer.subarray(0, end).toString())[1]);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
    buffer = buffer.subarray(end + 4 + length);
    const held = heldStack;
    handle(message);
    held?.();
  }
});
process.stdin.on('end', () => process.exit(0));
