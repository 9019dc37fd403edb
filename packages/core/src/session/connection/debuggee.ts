import type { ChildProcess } from 'node:child_process';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { killTree, spawnGroup } from '@dapgate/dap';

/** How a process the gateway started ended: its exit code, or the signal; `byGateway` when dapgate ended it. */
export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  byGateway: boolean;
}

/**
 * A program the gateway started itself because the adapter asked (`runInTerminal`): spawned with
 * the given args, cwd and env, without a shell; its output goes to `onOutput`. It belongs to the
 * session and is ended with it. Its own exit status is the truth about how the program ended.
 */
export class TerminalDebuggee {
  readonly child: ChildProcess;
  /** Resolves when the process has exited (never rejects). */
  readonly ended: Promise<ProcessEnd>;
  private endedByGateway = false;
  private running = true;

  constructor(args: DebugProtocol.RunInTerminalRequestArguments, onOutput: (category: 'stdout' | 'stderr', text: string) => void) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [k, v] of Object.entries(args.env ?? {})) {
      if (v === null || v === undefined) delete env[k];
      else env[k] = v;
    }
    const [command, ...rest] = args.args;
    if (!command) throw new Error('runInTerminal without a command');
    this.child = spawnGroup(command, rest, { cwd: args.cwd || undefined, env });
    this.ended = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        this.running = false;
        resolve({ code, signal, byGateway: this.endedByGateway });
      });
      this.child.once('error', () => {
        this.running = false;
        resolve({ code: null, signal: null, byGateway: this.endedByGateway });
      });
    });
    this.child.stdin?.end();
    this.child.stdout?.setEncoding('utf8').on('data', (t: string) => onOutput('stdout', t));
    this.child.stderr?.setEncoding('utf8').on('data', (t: string) => onOutput('stderr', t));
    this.child.on('error', (e) => onOutput('stderr', `dapgate: could not start ${command}: ${e.message}\n`));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get alive(): boolean {
    return this.running;
  }

  kill(): void {
    if (!this.running) return;
    this.endedByGateway = true;
    killTree(this.child.pid);
  }
}
