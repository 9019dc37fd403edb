import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mvn } from './maven.js';

// The evaluator's JUnit tests (Lexer, Parser, and the Interpreter against a real JVM under JDI).
test('java-debug host: mvn test passes', { timeout: 400_000 }, async () => {
  const r = await mvn(['test'], 360_000);
  const summary = r.output.split('\n').filter((l) => /Tests run:|FAIL|ERROR/.test(l)).join('\n');
  assert.equal(r.code, 0, `mvn test failed:\n${summary || r.output.slice(-4000)}`);
  const run = /Tests run: (\d+), Failures: 0, Errors: 0, Skipped: 0\s*$/m.exec(r.output);
  assert.ok(run && Number(run[1]) >= 20, `expected the whole JUnit suite to run, none skipped:\n${summary}`);
});
