export { DapConnection, type RequestOptions, type ReverseRequestHandler, type PendingRequestInfo } from './connection.js';
export { MessageReader, encodeMessage } from './framing.js';
export { DapAbortedError, DapClosedError, DapRequestError, DapTimeoutError } from './errors.js';
export { TrafficLog, type TrafficEntry } from './traffic.js';
export { AdapterProcess, startStdioAdapter, startAdapterProcess, connectTcp, freePort, waitForLine, waitForPort } from './transports.js';
export { killGroup, killTree, spawnGroup, TailBuffer, type SpawnOptions } from './processes.js';
export { pidOwningPort, portsListenedBy, processAlive } from './port-owner.js';
export { portState, waitForListener, type PortState } from './port-listening.js';
export type { DebugProtocol } from '@vscode/debugprotocol';
