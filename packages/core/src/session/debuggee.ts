import type { ChildProcess } from 'node:child_process';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { killTree, spawnGroup } from '@dapgate/dap';

/**
 * A program the gateway started itself because the adapter asked (`runInTerminal`): spawned with
 * the given args, cwd and env, without a shell; its output goes to `onOutput`. It belongs to the
 * session and is ended with it.
 */
export class TerminalDebuggee {
  readonly child: ChildProcess;

  constructor(args: DebugProtocol.RunInTerminalRequestArguments, onOutput: (category: 'stdout' | 'stderr', text: string) => void) {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [k, v] of Object.entries(args.env ?? {})) {
      if (v === null || v === undefined) delete env[k];
      else env[k] = v;
    }
    const [command, ...rest] = args.args;
    if (!command) throw new Error('runInTerminal without a command');
    this.child = spawnGroup(command, rest, { cwd: args.cwd || undefined, env });
    this.child.stdin?.end();
    this.child.stdout?.setEncoding('utf8').on('data', (t: string) => onOutput('stdout', t));
    this.child.stderr?.setEncoding('utf8').on('data', (t: string) => onOutput('stderr', t));
    this.child.on('error', (e) => onOutput('stderr', `dapgate: could not start ${command}: ${e.message}\n`));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) killTree(this.child.pid);
  }
}
