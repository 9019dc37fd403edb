import type { DebugProtocol } from '@vscode/debugprotocol';

/** What an Inspector reads through: a stopped session's frames, scopes and variables. */
export interface InspectTarget {
  frameId(index: number): Promise<number>;
  scopes(frameId: number): Promise<DebugProtocol.Scope[]>;
  variables(variablesReference: number, page?: VariablesPage): Promise<DebugProtocol.Variable[]>;
}

/** One page of a collection's children (DAP `variables` start and count). */
export interface VariablesPage {
  start: number;
  count: number;
}
