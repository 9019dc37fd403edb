import { readFile } from 'node:fs/promises';
import { signalName } from './exit-signals.js';
import type { TemplateVars } from './types.js';

/**
 * What every lldb-dap launch and attach gets: the environment as lldb-dap 19 wants it
 * (`["K=V"]`) and lldb commands run before the target is created, followed by any the agent
 * passed in adapterArgs.initCommands (merged here, since adapterArgs would replace the list).
 */
export function lldbCommonVars(vars: TemplateVars, initCommands: string[], preRunCommands: string[] = []): void {
  if (vars.env) vars.envList = Object.entries(vars.env).map(([k, v]) => `${k}=${v}`);
  const extra = vars.adapterArgs ?? {};
  const theirInit = Array.isArray(extra.initCommands) ? (extra.initCommands as string[]) : [];
  const theirPreRun = Array.isArray(extra.preRunCommands) ? (extra.preRunCommands as string[]) : [];
  vars.initCommands = [...initCommands, ...theirInit];
  vars.preRunCommands = [...preRunCommands, ...theirPreRun];
  if (vars.adapterArgs) {
    const { initCommands: _i, preRunCommands: _p, ...rest } = vars.adapterArgs;
    vars.adapterArgs = rest;
  }
}

/**
 * An attach the OS refused: on Linux, Yama's ptrace_scope usually says why (1 = only a parent
 * may trace, 2 = only root/CAP_SYS_PTRACE, 3 = nobody).
 */
export async function explainPtraceRefusal(message: string): Promise<string | undefined> {
  if (!/not permitted|ptrace|permission|denied|attach failed|unable to attach/i.test(message)) return undefined;
  if (process.platform !== 'linux') return 'the OS refused to let the debugger attach: on macOS the debugger needs the developer-tools permission (DevToolsSecurity -enable), or launch the program under dapgate instead';
  const scope = (await readFile('/proc/sys/kernel/yama/ptrace_scope', 'utf8').catch(() => '')).trim();
  const launchInstead = 'or launch the program under dapgate instead of attaching';
  if (scope === '1') return `Linux refused ptrace (kernel.yama.ptrace_scope = 1: only a parent process may attach). Allow it with: sudo sysctl -w kernel.yama.ptrace_scope=0 (until reboot), or run dapgate with CAP_SYS_PTRACE, ${launchInstead}`;
  if (scope === '2') return `Linux refused ptrace (kernel.yama.ptrace_scope = 2: only root / CAP_SYS_PTRACE may attach). Run dapgate as root or with CAP_SYS_PTRACE, or set it to 0 with sudo sysctl -w kernel.yama.ptrace_scope=0, ${launchInstead}`;
  if (scope === '3') return `Linux forbids ptrace entirely (kernel.yama.ptrace_scope = 3, fixed until reboot): attaching is impossible on this machine; ${launchInstead}`;
  return `the attach was refused: check that the process exists and runs as your user (a container needs --cap-add=SYS_PTRACE), ${launchInstead}`;
}

/**
 * lldb reports a process ended by a signal with the signal's number as its exit status, the
 * same as exit(N). After a stop for that signal it was the signal (`lldbExitSignal`); otherwise
 * lldb cannot tell, and the note says so.
 */
export function describeLldbExit(exitCode: number, lastStop: string | undefined): string | undefined {
  const byNumber = signalName(exitCode);
  if (!byNumber || lldbExitSignal(exitCode, lastStop)) return undefined;
  return `or signal ${byNumber}: lldb reports exit(${exitCode}) and death by signal ${exitCode} alike, and nothing stopped for a signal`;
}

/** The program stopped for signal N and then lldb reported status N: the signal ended it. */
export function lldbExitSignal(exitCode: number, lastStop: string | undefined): string | undefined {
  const byNumber = signalName(exitCode);
  const stoppedFor = /\b(SIG[A-Z0-9]+)\b/.exec(lastStop ?? '')?.[1];
  return byNumber && stoppedFor === byNumber ? byNumber : undefined;
}
