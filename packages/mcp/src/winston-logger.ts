import { appendFile } from 'node:fs/promises';
import winston from 'winston';
import type { Logger, LogSettings } from './log-types.js';

export async function createWinstonLogger(settings: LogSettings): Promise<Logger> {
  const { combine, timestamp, json, printf } = winston.format;
  const format = settings.json
    ? combine(timestamp(), json())
    : combine(timestamp(), printf((i) => `${i.timestamp} ${i.level.toUpperCase()} ${i.message}`));
  // A file that cannot be written is said once on stderr, and the log goes there instead.
  const fileProblem = settings.file ? await appendFile(settings.file, '').then(() => undefined, (e: Error) => e.message) : undefined;
  const transport: winston.transport = settings.file && !fileProblem
    ? new winston.transports.File({ filename: settings.file })
    : new winston.transports.Stream({ stream: process.stderr });
  const logger = winston.createLogger({ level: settings.level, format, transports: [transport], exitOnError: false });
  if (fileProblem) logger.error(`cannot write the log file ${settings.file} (${fileProblem}); logging to stderr`);
  return {
    error: (m) => logger.error(m),
    warn: (m) => logger.warn(m),
    info: (m) => logger.info(m),
    // winston formats a message before its transport drops it for its level: debug (twice a traced line) only when on
    debug: (m) => void (logger.isLevelEnabled('debug') && logger.debug(m)),
    flush: () => flush(logger, transport),
  };
}

/** Ends the logger and waits (at most 1 s) until its transport has written everything. */
function flush(logger: winston.Logger, transport: winston.transport): Promise<void> {
  return new Promise((resolve) => {
    const bound = setTimeout(resolve, 1_000);
    transport.once('finish', () => {
      clearTimeout(bound);
      resolve();
    });
    logger.end();
  });
}
