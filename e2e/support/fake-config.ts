import { copyFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './gateway.js';

/** A config dir with the real Python profile plus one for the fault-injecting fake adapter (`command`: another adapter command line). */
export function fakeConfigDir(command?: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-config-'));
  copyFileSync(join(repoRoot, 'adapters-config', 'python.json'), join(dir, 'python.json'));
  const profile = {
    id: 'fake',
    displayName: 'Fault-injecting fake adapter (tests only)',
    languages: ['fake'],
    extensions: ['.fake'],
    adapterId: 'fake',
    adapter: {
      name: 'fake-adapter',
      runtime: { description: 'Node.js', candidates: ['node'] },
      command: command ?? ['${runtime}', join(repoRoot, 'e2e', 'support', 'fake-adapter.mjs')],
      transport: 'stdio',
      install: { kind: 'manual', instructions: 'test-only adapter' },
    },
    launch: { arguments: { program: '${program}', mode: '${mode}' } },
    // an attach to "a port": the fake adapter starts its stand-in debuggee as for a launch
    attach: { arguments: { request: 'attach', program: 'attached.fake', port: '${port}' } },
  };
  writeFileSync(join(dir, 'fake.json'), JSON.stringify(profile, null, 2));
  return dir;
}

export const fakeProgram = join(repoRoot, 'e2e', 'support', 'program.fake');
