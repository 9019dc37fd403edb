import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { cacheDir } from '../paths.js';

const SavedBreakpoint = z.object({
  id: z.string().regex(/^bp\d+$/),
  file: z.string().optional(),
  line: z.number().int().min(1).optional(),
  function: z.string().optional(),
  condition: z.string().optional(),
  hitCondition: z.string().optional(),
  logMessage: z.string().optional(),
  temporary: z.boolean().optional(),
});

const SavedSession = z.object({
  id: z.string().regex(/^s\d+$/),
  kind: z.enum(['launch', 'attach']),
  language: z.string(),
  target: z.string(),
  cwd: z.string(),
  /** The state it was in when the gateway last saved. */
  state: z.string(),
  /** For an attach: the request, to attach again in one call. */
  attach: z.record(z.unknown()).optional(),
});

const SavedState = z.object({
  version: z.literal(1),
  folder: z.string(),
  breakpoints: z.array(SavedBreakpoint),
  /** Exception filters the agent chose, per profile id. */
  exceptionFilters: z.record(z.array(z.string())),
  /** Sessions that were live when the gateway last saved (or lost before and not re-attached). */
  sessions: z.array(SavedSession),
});

export type SavedState = z.infer<typeof SavedState>;
export type SavedSession = z.infer<typeof SavedSession>;

/** Where workspace state files live: DAPGATE_STATE_DIR (`off`: nowhere), else `state/` in dapgate's cache. */
export function stateDir(): string {
  return process.env.DAPGATE_STATE_DIR || join(cacheDir(), 'state');
}

const DEBOUNCE_MS = 250;

/**
 * One workspace folder's state between gateway runs: a small JSON file named by a hash of the
 * folder, written atomically (temp file, then rename) and debounced. A file that cannot be read
 * or parsed is renamed aside (`.corrupt-<time>`) and reported, never fatal.
 */
export class StateFile {
  readonly path: string;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private frozen: boolean;

  constructor(
    readonly folder: string,
    dir = stateDir(),
  ) {
    this.frozen = dir === 'off';
    this.path = join(dir, `${createHash('sha256').update(folder).digest('hex').slice(0, 16)}.json`);
  }

  /** The saved state, none (first run), or a problem (the file was set aside). */
  async load(): Promise<{ state?: SavedState; problem?: string }> {
    if (this.frozen) return {};
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
      return { problem: `${this.path} could not be read (${(e as Error).message}); starting with no saved breakpoints${await this.setAside()}` };
    }
    try {
      const state = SavedState.parse(JSON.parse(text));
      if (state.folder !== this.folder) return {};
      return { state };
    } catch (e) {
      const why = e instanceof z.ZodError ? e.issues.slice(0, 2).map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') : (e as Error).message;
      return { problem: `${this.path} is not a valid dapgate state file (${why}); starting with no saved breakpoints${await this.setAside()}` };
    }
  }

  /** Saves `snapshot()` soon (changes within DEBOUNCE_MS are written once). */
  schedule(snapshot: () => SavedState): void {
    if (this.frozen || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.write(snapshot());
    }, DEBOUNCE_MS);
    this.timer.unref();
  }

  /** Writes `snapshot()` now and saves nothing after it (the gateway is shutting down). */
  async final(snapshot: () => SavedState): Promise<void> {
    if (this.frozen) return this.writing;
    clearTimeout(this.timer);
    this.write(snapshot());
    this.frozen = true;
    return this.writing;
  }

  private write(state: SavedState): void {
    const temp = `${this.path}.${process.pid}.tmp`;
    this.writing = this.writing.then(async () => {
      try {
        await mkdir(join(this.path, '..'), { recursive: true, mode: 0o700 });
        await writeFile(temp, JSON.stringify(state, null, 1), { mode: 0o600 });
        await rename(temp, this.path);
      } catch {
        /* a read-only cache: the state is simply not kept */
      }
    });
  }

  private async setAside(): Promise<string> {
    const aside = `${this.path}.corrupt-${Date.now()}`;
    try {
      await rename(this.path, aside);
      return `; the file was moved to ${aside}`;
    } catch (e) {
      return `; it could not be moved aside (${(e as Error).message})`;
    }
  }
}
