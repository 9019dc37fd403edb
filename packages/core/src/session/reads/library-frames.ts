import { access } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Profile } from '../../profiles/schema.js';

type Frame = Pick<DebugProtocol.StackFrame, 'name' | 'source'>;

/** Whether a path exists, asked once per path (sources do not come and go during a session). */
const onDisk = new Map<string, Promise<boolean>>();
function exists(path: string): Promise<boolean> {
  let known = onDisk.get(path);
  if (!known) {
    if (onDisk.size > 5_000) onDisk.clear();
    known = access(path).then(
      () => true,
      () => false,
    );
    onDisk.set(path, known);
  }
  return known;
}

/**
 * Tells the program's own frames from library code, per profile: function names of the runtime
 * (`internalFrames`), paths of the runtime and of libraries (`runtimeFrames`, `libraryFrames`:
 * node internals, node_modules, GOROOT, the module cache, /usr/include, the Rust toolchain), frames
 * with no source path (no debug info) and sources that are not on this machine (/rustc/<hash>/...,
 * glibc's sysdeps/...).
 */
export class LibraryFrames {
  private readonly byName: RegExp | undefined;
  private readonly byPath: RegExp[];

  constructor(
    stops: Profile['stops'],
    private readonly cwd: string,
  ) {
    this.byName = stops.internalFrames ? new RegExp(stops.internalFrames) : undefined;
    this.byPath = [stops.runtimeFrames, stops.libraryFrames].flatMap((p) => (p ? [new RegExp(p)] : []));
  }

  async isLibrary(f: Frame): Promise<boolean> {
    if (this.byName?.test(f.name)) return true;
    const path = f.source?.path;
    if (!path) return true;
    if (this.byPath.some((p) => p.test(path))) return true;
    if (f.source?.sourceReference && !isAbsolute(path)) return false; // a source only the adapter has (eval'd or generated code of the program)
    return !(await exists(isAbsolute(path) ? path : resolve(this.cwd, path)));
  }

  /** One flag per frame, in order. */
  async classify(frames: readonly Frame[]): Promise<boolean[]> {
    return Promise.all(frames.map((f) => this.isLibrary(f)));
  }
}
