import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/** What the model reads of a tool in tools/list: name, title, description and input schema (output schemas are for the client). */
export function modelChars(t: Tool): number {
  return JSON.stringify({ name: t.name, title: t.title, description: t.description, inputSchema: t.inputSchema }).length;
}

/** "25 tools, 11123 characters the model reads (445 per tool), 20011 in all" */
export function toolsListSummary(tools: Tool[]): string {
  const model = tools.reduce((n, t) => n + modelChars(t), 0);
  return `${tools.length} tools, ${model} characters the model reads (${Math.round(model / tools.length)} per tool), ${JSON.stringify(tools).length} in all`;
}

/** Per tool, largest first: "debug_launch 1384, ..." */
export function perToolChars(tools: Tool[]): string {
  return tools
    .map((t) => [t.name, modelChars(t)] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([n, c]) => `${n} ${c}`)
    .join(', ');
}
