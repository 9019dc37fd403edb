import { constants as osConstants } from 'node:os';

/** The name of signal number `n` on this platform ("SIGTERM" for 15), if there is one. */
export function signalName(n: number): string | undefined {
  if (!Number.isInteger(n) || n <= 0) return undefined;
  return Object.entries(osConstants.signals).find(([, num]) => num === n)?.[0];
}

/**
 * An adapter that reports death by signal N as the exit code 256 - N (debugpy's launcher masks
 * Python's negative returncode to 8 bits): such a code is that signal, or an exit with that code.
 */
export function wrappedSignalNote(code: number, adapter: string): string | undefined {
  const signal = code > 128 && code < 256 ? signalName(256 - code) : undefined;
  return signal ? `or killed by signal ${signal}: ${adapter} reports death by signal ${256 - code} as ${code} (256 - ${256 - code}), the same as exit(${code})` : undefined;
}
