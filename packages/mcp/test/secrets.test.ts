import { test } from 'node:test';
import assert from 'node:assert/strict';
import { beforeEach } from 'node:test';
import { forgetLearnedSecrets, maskStructured, maskText, setSecretMasking } from '../src/format/secrets.js';

beforeEach(() => forgetLearnedSecrets());

test('values of sensitive names are masked, keeping the quotes; harmless values stay', () => {
  assert.equal(maskText("password = 'hunter22'"), "password = '«masked»'");
  assert.equal(maskText('"api_key": "abcdef123456"'), '"api_key": "«masked»"');
  assert.equal(maskText('db_password=supersecret total=5'), 'db_password=«masked» total=5');
  assert.equal(maskText('token = None'), 'token = None');
  assert.equal(maskText('secret: 42'), 'secret: 42');
  assert.equal(maskText('total = 95'), 'total = 95');
});

test('well-known token formats are masked anywhere', () => {
  assert.equal(maskText('key AKIAABCDEFGHIJKLMNOP here'), 'key «masked» here');
  assert.equal(maskText(`gh token ghp_${'a'.repeat(36)}`), 'gh token «masked»');
  assert.equal(maskText('sent with Bearer abcdefghijklmnop.qrs'), 'sent with Bearer «masked»');
});

test('structured content: a variable is judged by its name; sensitive keys mask whole strings', () => {
  const masked = maskStructured({ locals: { password: 'pw-123456', n: '3' }, members: [{ name: 'apiKey', value: 'xyzxyzxyz' }, { name: 'x', value: '1' }] });
  assert.deepEqual(masked, { locals: { password: '«masked»', n: '3' }, members: [{ name: 'apiKey', value: '«masked»' }, { name: 'x', value: '1' }] });
});

test('the operator can turn masking off', () => {
  setSecretMasking(false);
  try {
    assert.equal(maskText("password = 'hunter22'"), "password = 'hunter22'");
  } finally {
    setSecretMasking(true);
  }
});
