/** The gateway log: stderr or a file, never stdout (stdout carries MCP frames). */
export interface Logger {
  error(message: string): void;
  warn(message: string): void;
  info(message: string): void;
  debug(message: string): void;
  /** Writes out what is buffered (before the process exits). */
  flush(): Promise<void>;
}

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LogSettings {
  level: LogLevel;
  /** Append there instead of stderr. */
  file?: string;
  /** One JSON object per line instead of text. */
  json: boolean;
}
