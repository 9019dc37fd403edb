/** The hook modules core has (index.ts maps each to its hooks): a profile's `hooks` names one of them. */
export const HOOK_NAMES = ['python', 'java', 'node', 'lldb', 'rust', 'dotnet', 'go'] as const;

export type HookName = (typeof HOOK_NAMES)[number];
