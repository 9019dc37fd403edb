import { test } from 'node:test';
import assert from 'node:assert/strict';
import { homedir } from 'node:os';
import { sep } from 'node:path';
import { substituteVariables } from '../src/launch-config/variables.js';

const ctx = { workspaceFolder: '/ws/proj', file: '/ws/proj/src/app.py', cwd: '/ws/proj/src', env: { NAME: 'v' } };

test('VS Code predefined variables are filled in every string, nested too', () => {
  const out = substituteVariables(
    { a: '${workspaceFolder}/x', b: ['${fileBasenameNoExtension}', '${relativeFile}', '${fileDirname}'], c: { d: '${env:NAME}-${env:UNSET}', e: '${userHome}${pathSeparator}${/}' }, n: 3 },
    ctx,
  );
  assert.deepEqual(out, { a: '/ws/proj/x', b: ['app', 'src/app.py', '/ws/proj/src'], c: { d: 'v-', e: `${homedir()}${sep}${sep}` }, n: 3 });
});

test('variables that need an editor or a person are all named in one refusal', () => {
  assert.throws(() => substituteVariables({ p: '${input:pick}', q: '${command:pickProcess} ${selectedText}' }, ctx), /cannot fill: \$\{input:pick\}, \$\{command:pickProcess\}, \$\{selectedText\}/);
});

test('${file} without a file asks for program', () => {
  assert.throws(() => substituteVariables({ p: '${file}' }, { ...ctx, file: undefined }), (e: Error & { hint?: string }) => /uses \$\{file\}/.test(e.message) && /pass program/.test(e.hint ?? ''));
});
