import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { App } from './app.js';
import { createLogger, type Logger } from './logger.js';

export interface TestServer {
  app: App;
  /** `http://127.0.0.1:<port>` */
  url: string;
  close(): Promise<void>;
}

/** Listens on an ephemeral loopback port so tests talk real HTTP; close() tears it down. */
export async function startTestServer(app: App): Promise<TestServer> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** A logger whose JSON lines are kept in memory, for tests that check what was logged. */
export function captureLogger(name = 'test'): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const logger = createLogger({ name, level: 'debug', destination });
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { logger, lines };
}

/** A logger that writes nothing, for tests that do not look at logs. */
export const silentLogger = (): Logger => createLogger({ name: 'test', level: 'silent' });

export { type LintProblem, lintReport, redoclyLint } from './redocly-lint.js';
export { metricsQueried, Scrape, scrape } from './scrape.js';
