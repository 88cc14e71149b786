import { hostname } from 'node:os';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';

/**
 * Paths pino blanks out wherever they appear in a log object. Secrets reach
 * logs through request headers and through bodies a handler chose to log.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["x-api-key"]',
  '*.password',
  '*.api_key',
  '*.apiKey',
  '*.token',
  '*.secret',
  '*.private_key',
  '*.privateKey',
  'password',
  'api_key',
  'token',
  'secret',
];

/**
 * pino's isoTime (`,"time":"<ISO 8601>"`), remembering the last millisecond's
 * string: under load many lines share a millisecond, and formatting a Date is
 * a large part of writing a line.
 */
export function isoTimeField(now: () => number = Date.now): () => string {
  let lastMs = Number.NaN;
  let lastField = '';
  return () => {
    const ms = now();
    if (ms !== lastMs) {
      lastField = `,"time":"${new Date(ms).toISOString()}"`;
      lastMs = ms;
    }
    return lastField;
  };
}

export interface LoggerSettings {
  /** Service name, the `service` field of every line. */
  name: string;
  level?: string;
  /** Where lines go; stdout when omitted. Tests pass a capturing stream. */
  destination?: DestinationStream;
}

/**
 * stdout, written in batches: lines wait until 8 KiB are buffered or 200 ms have passed, then go out in one
 * synchronous write. One write per line cost a system call for every request, and a write handed to libuv's
 * thread pool costs several times a synchronous one on a small VM (a worker woken, its completion signalled
 * back): about 4 µs of CPU per request-log line against about 1.5 (docs/decisions.md). A synchronous write
 * waits when the reader of stdout stops reading, as Node's own stdout does for files and pipes. At exit
 * (normal or by signal through the services' shutdown) the buffer is written out, so only a kill -9 can
 * lose the last 200 ms of lines.
 */
export const LOG_BATCHING = { sync: true, minLength: 8192, periodicFlush: 200 } as const;

export const stdoutDestination = (): DestinationStream =>
  pino.destination({ dest: process.stdout.fd ?? 1, ...LOG_BATCHING });

/** A JSON-lines logger. Named children (`logger.child({ name: 'mcp.request' })`) share its redaction. */
export function createLogger({ name, level = 'info', destination }: LoggerSettings): Logger {
  const options: LoggerOptions = {
    // The service goes in `service`, so `name` is free for named children: pino appends child bindings,
    // and a root `name` plus a child's would write the key twice in one line.
    base: { pid: process.pid, hostname: hostname(), service: name },
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: isoTimeField(),
    formatters: { level: (label) => ({ level: label }) },
  };
  return pino(options, destination ?? stdoutDestination());
}

export type { Logger };
