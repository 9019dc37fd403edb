import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ProfileSchema, type Profile } from './schema.js';
import { GatewayError } from '../errors.js';
import { ambiguousFields, checkFields, impliedProfile, type RequestKind } from './fields.js';

let foundConfigDir: string | undefined;

/**
 * Finds adapters-config/: $DAPGATE_CONFIG_DIR, else the nearest one above this module. The walk up
 * runs once (at startup, by loadProfiles) and is remembered: later calls (on requests) touch no disk.
 */
export function configDir(): string {
  if (process.env.DAPGATE_CONFIG_DIR) return process.env.DAPGATE_CONFIG_DIR;
  if (foundConfigDir) return foundConfigDir;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'adapters-config');
    if (existsSync(candidate)) return (foundConfigDir = candidate);
    const parent = dirname(dir);
    if (parent === dir) throw new Error('adapters-config/ not found above the dapgate installation; set DAPGATE_CONFIG_DIR');
    dir = parent;
  }
}

/** A profile file that cannot be used, named with the field at fault: the message says all (no stack needed). */
export class ProfileError extends Error {
  override readonly name = 'ProfileError';
}

/**
 * Loads and validates every profile (every regexp compiled, the hook module known); a broken file is an error naming the file and the field.
 * Synchronous: it runs once at startup (the Gateway's constructor, the CLI commands), never while a request is answered.
 */
export function loadProfiles(dir = configDir()): Profile[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.startsWith('_')).sort();
  return files.map((file) => {
    const path = join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (e) {
      throw new ProfileError(`${path}: invalid JSON: ${(e as Error).message}`);
    }
    const parsed = ProfileSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
      throw new ProfileError(`${path}: invalid profile: ${issues}`);
    }
    return parsed.data;
  });
}

export class ProfileRegistry {
  constructor(readonly profiles: Profile[]) {}

  get(idOrLanguage: string): Profile | undefined {
    const key = idOrLanguage.toLowerCase();
    return this.profiles.find((p) => p.id === key || p.languages.includes(key));
  }

  /** The profile for an explicit language, else the one whose extensions match the program. */
  async pick(language: string | undefined, program: string | undefined): Promise<Profile> {
    if (language) {
      const p = this.get(language);
      if (!p) throw new GatewayError(`unknown language '${language}'`, `use one of: ${this.languageList()}`, 'bad-arguments');
      return p;
    }
    if (program) {
      const project = await this.byProjectFolder(program);
      if (project) return project;
      const ext = extname(program).toLowerCase();
      const p = this.profiles.find((q) => q.extensions.includes(ext));
      if (p) return p;
      throw new GatewayError(`cannot tell the language of '${program}' from its extension`, `pass language (one of: ${this.languageList()})`, 'ambiguous');
    }
    throw new GatewayError('no language given and no program to infer it from', `pass language (one of: ${this.languageList()})`, 'bad-arguments');
  }

  /** The profile whose project file (Cargo.toml, *.csproj) is in `program`, when it is a folder. */
  private async byProjectFolder(program: string): Promise<Profile | undefined> {
    let entries: string[];
    try {
      if (!(await stat(program)).isDirectory()) return undefined;
      entries = await readdir(program);
    } catch {
      return undefined;
    }
    const matches = (pattern: string) => (pattern.startsWith('*') ? entries.some((e) => e.endsWith(pattern.slice(1))) : entries.includes(pattern));
    return this.profiles.find((p) => p.projectFiles.some(matches));
  }

  /**
   * The profile for a launch/attach: the explicit language, else the one the language-only fields
   * imply, else the program's extension. Then checks the fields against it.
   */
  async pickFor(request: RequestKind, language: string | undefined, program: string | undefined, fields: Record<string, unknown>): Promise<Profile> {
    let profile: Profile;
    if (language) profile = await this.pick(language, program);
    else {
      const implied = impliedProfile(this.profiles, request, fields);
      const fromProgram = program ? await this.pickQuiet(program) : undefined;
      if (implied && fromProgram && implied !== fromProgram) {
        throw new GatewayError(`the arguments given are ${implied.displayName}'s, but '${program}' is a ${fromProgram.displayName} program`, 'pass language to say which is meant', 'ambiguous');
      }
      const ambiguous = ambiguousFields(this.profiles, request, fields);
      if (!implied && !program && ambiguous.length) {
        const [first] = ambiguous;
        throw new GatewayError(`'${first!.name}' is taken by ${first!.ids.join(' and ')}, so it does not tell the language`, `pass language (one of: ${first!.ids.join(', ')})`, 'ambiguous');
      }
      profile = implied ?? (await this.pick(undefined, program));
    }
    checkFields(profile, request, fields);
    return profile;
  }

  private async pickQuiet(program: string): Promise<Profile | undefined> {
    try {
      return await this.pick(undefined, program);
    } catch {
      return undefined;
    }
  }

  /** Each language by its id, with the other names it takes (`lldb (c, cpp, c++, native)`). */
  languageList(): string {
    return this.profiles
      .map((p) => {
        const others = p.languages.filter((l) => l !== p.id);
        return others.length ? `${p.id} (${others.join(', ')})` : p.id;
      })
      .join(', ');
  }
}
