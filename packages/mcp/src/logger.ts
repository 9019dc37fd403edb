import type { Logger, LogSettings } from './log-types.js';

export { LOG_LEVELS, type Logger, type LogLevel, type LogSettings } from './log-types.js';

/** winston is loaded here, after the early initialize answer, so it does not slow the cold start. */
export async function createLogger(settings: LogSettings): Promise<Logger> {
  const { createWinstonLogger } = await import('./winston-logger.js');
  return createWinstonLogger(settings);
}
