import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AdapterClosedError, AdapterRefusedError, AdapterTimeoutError, GatewayError, adapterFailure } from '@dapgate/core';
import { errorResult } from '../src/tools/result.js';

const text = (e: unknown) => (errorResult(e).content[0] as { text: string }).text;

test("core's next-step codes are worded here, with the tools' names and the step's session", () => {
  assert.equal(
    text(new GatewayError("session 's2' (python 127.0.0.1:5678, attach) was lost when the gateway restarted", undefined, { code: 'unknown-session', next: 'reattach-lost', session: 's2' })),
    "session 's2' (python 127.0.0.1:5678, attach) was lost when the gateway restarted\nNext: attach to it again with debug_attach {reattach: \"s2\"}",
  );
  assert.match(text(new GatewayError('python 127.0.0.1:5678 is already attached by session s1', undefined, { code: 'already-attached', next: 'stop-session', session: 's1' })), /Next: use session s1, or end it first with debug_stop \{sessionId: "s1"\}$/);
  assert.match(text(new GatewayError('attach failed', 'check the port', { code: 'no-attach', next: 'start-attach-target' })), /Next: debug_languages shows how to start a target to attach to\. check the port$/);
});

test("an adapter's refusal, imported from core, is named as the adapter's", () => {
  assert.equal(text(new AdapterRefusedError('evaluate', 'name x is not defined')), "The debugger refused 'evaluate': name x is not defined");
});

test("an adapter's timeout or closed connection is mapped once in core to a code and a next step, worded here", () => {
  assert.equal(adapterFailure(new AdapterTimeoutError('threads', 10_000))?.code, 'request-timeout');
  assert.equal(adapterFailure(new AdapterClosedError('threads', 'EOF'))?.code, 'adapter-closed');
  assert.equal(adapterFailure(new Error('x')), undefined);
  assert.equal(
    text(new AdapterTimeoutError('threads', 10_000)),
    "the debug adapter did not answer 'threads' within 10000 ms\nNext: debug_status shows whether the session is still live; debug_diagnose shows what is pending",
  );
  assert.equal(text(new AdapterClosedError('threads', 'EOF')), "connection to the debug adapter closed before 'threads' was answered: EOF\nNext: check debug_status; start a new session if it ended");
});
