import { readlink } from 'node:fs/promises';
import { pidOwningPort } from '@dapgate/dap';
import { setTimeout as sleep } from 'node:timers/promises';
import { GatewayError } from '../errors.js';
import { canonicalPath } from '../session/paths.js';

/**
 * The operator's `--allow-root` folders: programs, working folders and attach targets outside them
 * are refused. An attach target's folder is the working directory of the process (by processId,
 * or the local process listening on the port); where that cannot be learned, the attach is refused.
 */
export class AllowRoots {
  private readonly roots: string[];

  constructor(roots: string[] = []) {
    this.roots = roots.map((r) => canonicalPath(r));
  }

  get confining(): boolean {
    return this.roots.length > 0;
  }

  inside(path: string): boolean {
    const sep = process.platform === 'win32' ? '\\' : '/';
    return !this.confining || this.roots.some((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep));
  }

  /** `what` names the path for the message: "program", "cwd". */
  check(what: string, path: string): void {
    if (!this.inside(path)) throw new GatewayError(`${what} '${path}' is outside the allowed folders`, `the server allows: ${this.roots.join(', ')} (set by its operator)`, 'policy-refused');
  }

  /**
   * An attach target must be a local process working inside the roots. A port is looked up until
   * `deadline` (waitForTargetMs) without connecting to it: some debug servers serve one connection.
   */
  async checkAttach(target: { host?: string; port?: number; processId?: number }, deadline = 0): Promise<void> {
    if (!this.confining) return;
    if (target.host && !['127.0.0.1', 'localhost', '::1'].includes(target.host)) {
      throw new GatewayError(`attaching to ${target.host} is refused: with allowed folders set, only local targets can be checked`, 'attach to a program on this machine (127.0.0.1)', 'policy-refused');
    }
    let pid = target.processId;
    for (let port = target.port; port !== undefined && target.processId === undefined; await sleep(250)) {
      pid = await pidOwningPort(port, [process.pid]);
      if (pid !== undefined || Date.now() >= deadline) break;
    }
    const described = target.processId ? `process ${target.processId}` : `the process listening on port ${target.port}`;
    const cwd = pid === undefined ? undefined : await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
    if (!cwd) throw new GatewayError(`cannot tell which folder ${described} works in, so it cannot be checked against the allowed folders`, 'start the target first (and on Linux, as the same user as dapgate)', 'policy-refused');
    this.check(`${described} works in a folder that`, canonicalPath(cwd));
  }
}
