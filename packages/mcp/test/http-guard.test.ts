import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bearerMatches, hostAllowed, isLoopback, originAllowed } from '../src/http-guard.js';

const TOKEN = 'test-token-0123456789abcdef';

test('bearerMatches: only the exact token after "Bearer"', () => {
  assert.equal(bearerMatches(`Bearer ${TOKEN}`, TOKEN), true);
  assert.equal(bearerMatches(`bearer ${TOKEN}`, TOKEN), true, 'the scheme is case-insensitive');
  for (const wrong of [undefined, '', 'Bearer ', TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Bearer ${TOKEN.toUpperCase()}`, `Basic ${TOKEN}`]) {
    assert.equal(bearerMatches(wrong, TOKEN), false, String(wrong));
  }
});

test('isLoopback: what --http may listen on without --http-allow-remote', () => {
  for (const h of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) assert.equal(isLoopback(h), true, h);
  for (const h of ['0.0.0.0', '::', '192.168.1.5', 'example.com', '']) assert.equal(isLoopback(h), false, h);
});

test('originAllowed and hostAllowed: browsers from elsewhere and rebound names are refused', () => {
  assert.equal(originAllowed(undefined, []), true, 'not a browser');
  assert.equal(originAllowed('http://localhost:5173', []), true);
  assert.equal(originAllowed('https://evil.example', []), false);
  assert.equal(originAllowed('https://ide.example', ['https://ide.example']), true);
  assert.equal(hostAllowed('127.0.0.1:7070', '127.0.0.1', 7070), true);
  assert.equal(hostAllowed('evil.example:7070', '127.0.0.1', 7070), false);
  assert.equal(hostAllowed(undefined, '127.0.0.1', 7070), false);
});
