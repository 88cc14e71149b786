import closeWithGrace from 'close-with-grace';
import type { App } from './app.js';
import { collectStartupGarbage } from './startup-gc.js';

export interface ServeOptions {
  port: number;
  host: string;
  /** How long in-flight requests may take to finish after SIGTERM before the process is killed. */
  drainTimeoutMs?: number;
}

/**
 * Listens, collects start-up's garbage once (startup-gc.ts), and installs the shutdown path: on SIGTERM or SIGINT the server stops
 * accepting, waits for in-flight requests, runs every onClose hook (database
 * pools, upstream clients, simulators) and exits 0. A second signal exits at once.
 */
export async function serve(
  app: App,
  { port, host, drainTimeoutMs = 25_000 }: ServeOptions,
): Promise<string> {
  const address = await app.listen({ port, host });
  // Listening means every route and schema is compiled: what start-up left behind can go (startup-gc.ts).
  collectStartupGarbage();
  closeWithGrace({ delay: drainTimeoutMs, logger: app.log }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an uncaught error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
  return address;
}

/**
 * Runs a service's main function. A configuration error is printed as the
 * list of bad variables (no stack trace) and the process exits 1.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error && error.name === 'ConfigError' ? error.message : error;
    console.error(message);
    process.exit(1);
  });
}
