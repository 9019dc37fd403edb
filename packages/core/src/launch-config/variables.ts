import { homedir } from 'node:os';
import { basename, dirname, extname, relative, sep } from 'node:path';
import { GatewayError } from '../errors.js';

export interface VariableContext {
  workspaceFolder: string;
  /** The file `${file}` names (VS Code's active editor file): the call's program. */
  file?: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
}

/**
 * Replaces VS Code's predefined variables in every string of a configuration. Variables that need
 * an editor or a person (`${command:...}`, `${input:...}`, `${selectedText}`, ...) cannot be known
 * here: all of them are named in one refusal.
 */
export function substituteVariables<T>(value: T, ctx: VariableContext): T {
  const unknown = new Set<string>();
  const needsFile = new Set<string>();
  const out = walk(value, (text) =>
    text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
      const v = resolveVariable(name, ctx);
      if (v === NEEDS_FILE) needsFile.add(whole);
      else if (v === undefined) unknown.add(whole);
      else return v;
      return whole;
    }),
  );
  if (needsFile.size) {
    throw new GatewayError(`the configuration uses ${[...needsFile].join(', ')} (in VS Code: the file open in the editor)`, 'pass program: the file it should name', 'bad-arguments');
  }
  if (unknown.size) {
    throw new GatewayError(`the configuration uses variables dapgate cannot fill: ${[...unknown].join(', ')}`, `dapgate fills ${KNOWN}; pass the values as arguments of the call instead, or write them into the configuration`, 'not-supported');
  }
  return out as T;
}

const KNOWN = '${workspaceFolder}, ${workspaceFolderBasename}, ${file} and its parts (${fileBasename}, ${fileDirname}, ${relativeFile}, ...), ${cwd}, ${env:NAME}, ${userHome}, ${pathSeparator} and ${/}';
const NEEDS_FILE = Symbol('needs file');

function resolveVariable(name: string, ctx: VariableContext): string | typeof NEEDS_FILE | undefined {
  if (name.startsWith('env:')) return ctx.env[name.slice(4)] ?? '';
  const { workspaceFolder: ws, file } = ctx;
  switch (name) {
    case 'workspaceFolder':
    case 'workspaceRoot':
      return ws;
    case 'workspaceFolderBasename':
      return basename(ws);
    case 'cwd':
      return ctx.cwd;
    case 'userHome':
      return homedir();
    case 'pathSeparator':
    case '/':
      return sep;
  }
  const fromFile: Record<string, (f: string) => string> = {
    file: (f) => f,
    fileWorkspaceFolder: () => ws,
    relativeFile: (f) => relative(ws, f),
    relativeFileDirname: (f) => relative(ws, dirname(f)),
    fileBasename: (f) => basename(f),
    fileBasenameNoExtension: (f) => basename(f, extname(f)),
    fileExtname: (f) => extname(f),
    fileDirname: (f) => dirname(f),
    fileDirnameBasename: (f) => basename(dirname(f)),
  };
  const part = fromFile[name];
  if (!part) return undefined;
  return file ? part(file) : NEEDS_FILE;
}

function walk(value: unknown, fn: (s: string) => string): unknown {
  if (typeof value === 'string') return fn(value);
  if (Array.isArray(value)) return value.map((v) => walk(v, fn));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, fn)]));
  return value;
}
