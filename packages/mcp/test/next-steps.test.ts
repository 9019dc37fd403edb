import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AdapterRefusedError, GatewayError } from '@dapgate/core';
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
