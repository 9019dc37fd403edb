import { once } from 'node:events';
import type { Options, Result } from 'execa';

export interface RunOptions {
  /** Every child is bounded: SIGTERM when this passes, SIGKILL 2 s later. */
  timeoutMs: number;
  /** Aborting kills the child the same way (an MCP cancellation, a gateway shutdown). */
  signal?: AbortSignal;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

export interface CommandResult {
  ok: boolean;
  exitCode?: number;
  stdout: string;
  stderr: string;
  /** Why it did not succeed, in words: "timed out after 15 s", "exit 1", "cannot start: ENOENT ...". */
  failure?: string;
}

// execa is loaded on first use: the gateway's start path never runs a command.
let execaModule: Promise<typeof import('execa')> | undefined;

/**
 * Runs a program with an argument array (never a shell string) without blocking the event loop,
 * so a 2-minute javac in one session leaves every other session answering. Never throws for the
 * child's failure: the result says what happened. When it returns, the child has exited.
 */
export async function runCommand(command: string, args: readonly string[], options: RunOptions): Promise<CommandResult> {
  const { execa } = await (execaModule ??= import('execa'));
  const execaOptions = {
    timeout: options.timeoutMs,
    cancelSignal: options.signal,
    forceKillAfterDelay: 2_000,
    reject: false,
    stdin: 'ignore',
    windowsHide: true,
    cwd: options.cwd,
    env: options.env,
  } satisfies Options;
  const subprocess = execa(command, args, execaOptions);
  const r: Result<typeof execaOptions> = await subprocess;
  // execa settles a timeout or a cancellation as soon as it has sent SIGTERM; wait for the exit
  // (SIGKILL follows after 2 s), so no caller goes on while the child still runs.
  if (subprocess.exitCode === null && subprocess.signalCode === null && subprocess.pid !== undefined) {
    await Promise.race([once(subprocess, 'exit'), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
  const stdout = typeof r.stdout === 'string' ? r.stdout : '';
  const stderr = typeof r.stderr === 'string' ? r.stderr : '';
  if (!r.failed) return { ok: true, exitCode: r.exitCode, stdout, stderr };
  return { ok: false, exitCode: r.exitCode, stdout, stderr, failure: describeFailure(r, options.timeoutMs) };
}

function describeFailure(r: Result, timeoutMs: number): string {
  if (r.timedOut) return `timed out after ${Math.round(timeoutMs / 100) / 10} s`;
  if (r.isCanceled) return 'cancelled';
  if (r.exitCode !== undefined) return `exit ${r.exitCode}`;
  if (r.signal) return `killed by ${r.signal}`;
  const cause = r.cause instanceof Error ? r.cause.message : r.shortMessage;
  return `cannot start: ${cause}`;
}

/** The last lines a failed command printed (stderr, else stdout), else why it failed. */
export function failureDetail(r: CommandResult, lines = 5): string {
  const printed = (r.stderr || r.stdout).trim();
  const tail = printed ? printed.split('\n').slice(-lines).join('\n') : '';
  return tail ? `${r.failure}: ${tail}` : r.failure ?? '';
}

/** Runs one step of a longer job (an install); a failure throws, naming the step and its last output. */
export async function runStep(command: string, args: string[], what: string, options: { timeoutMs?: number; env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? 600_000;
  const r = await runCommand(command, args, { timeoutMs, env: options.env });
  if (!r.ok) throw new Error(`failed to ${what}: ${command} ${args.join(' ')}\n${failureDetail(r, 8)}`);
}
