import type { ProfileHooks } from './types.js';
import { pythonHooks } from './python.js';
import { javaHooks } from './java.js';
import { nodeHooks } from './node.js';
import { lldbHooks } from './lldb.js';
import { rustHooks } from './rust.js';
import { dotnetHooks } from './dotnet.js';
import { goHooks } from './go.js';
import type { HookName } from './names.js';

const hooks: Record<HookName, ProfileHooks> = { python: pythonHooks, java: javaHooks, node: nodeHooks, lldb: lldbHooks, rust: rustHooks, dotnet: dotnetHooks, go: goHooks };

export function hooksFor(name: string | undefined): ProfileHooks {
  if (!name) return {};
  const h = hooks[name as HookName];
  if (!h) throw new Error(`profile names hook module '${name}', which core does not have`);
  return h;
}
export type { ProfileHooks, TemplateVars } from './types.js';
