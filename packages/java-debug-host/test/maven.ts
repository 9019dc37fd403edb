// Runs Maven on the java-debug host project (async, bounded) for the host's own tests.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const hostDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const builtJar = join(hostDir, 'target', 'java-debug-host.jar');

export function mvn(args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('mvn', ['-B', '-f', join(hostDir, 'pom.xml'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mvn ${args.join(' ')} did not finish within ${timeoutMs} ms\n${output.slice(-4000)}`));
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((e) => newestMtime(join(path, e))));
}

/** The host jar built from this checkout's sources (rebuilt when a main source or the pom is newer). */
export async function ensureHostJar(): Promise<string> {
  const sourcesChanged = () => Math.max(newestMtime(join(hostDir, 'src', 'main')), newestMtime(join(hostDir, 'pom.xml')));
  if (existsSync(builtJar) && statSync(builtJar).mtimeMs >= sourcesChanged()) return builtJar;
  const r = await mvn(['-q', '-DskipTests', 'package'], 300_000);
  if (r.code !== 0) throw new Error(`building the host jar failed:\n${r.output.slice(-4000)}`);
  return builtJar;
}
