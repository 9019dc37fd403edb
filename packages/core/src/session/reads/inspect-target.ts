import type { DebugProtocol } from '@vscode/debugprotocol';

/** What an Inspector reads through: a stopped session's frames, scopes and variables. */
export interface InspectTarget {
  frameId(index: number): Promise<number>;
  scopes(frameId: number): Promise<DebugProtocol.Scope[]>;
  variables(variablesReference: number, page?: VariablesPage): Promise<DebugProtocol.Variable[]>;
  /** Whether the frame's code was built with optimizations, where the build said (not the adapter: see `optimizedScope`). */
  optimized?(index: number): Promise<boolean>;
}

/** One page of a collection's children (DAP `variables` start and count). */
export interface VariablesPage {
  start: number;
  count: number;
}
