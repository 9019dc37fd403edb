import { appendFileSync } from 'node:fs';

/** Logs to stderr or a file, never stdout (stdout carries MCP frames). */
export interface Logger {
  info(message: string): void;
  error(message: string): void;
}

export function createLogger(file: string | undefined, quiet: boolean): Logger {
  const write = (level: string, message: string) => {
    const line = `${new Date().toISOString()} ${level} ${message}\n`;
    if (file) {
      try {
        appendFileSync(file, line);
        return;
      } catch {
        /* fall back to stderr */
      }
    }
    if (!quiet || level === 'ERROR') process.stderr.write(line);
  };
  return { info: (m) => write('INFO', m), error: (m) => write('ERROR', m) };
}
