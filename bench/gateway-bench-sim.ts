/**
 * The ticker simulator of bench/gateway.bench.ts in a process of its own, as
 * a venue is in production: a remote upstream whose work and garbage never
 * share the gateway's event loop. Prints its test and live URLs as one JSON line.
 */

import { tickerSimulator } from '../apps/gateway/test/fixtures/ticker.simulator.js';
import { startSimulator } from '../packages/sim/src/index.js';

const simulator = await startSimulator(tickerSimulator('ticker'));
process.stdout.write(`${JSON.stringify({ test: simulator.test.url, live: simulator.live.url })}\n`);
process.on('SIGTERM', async () => {
  await simulator.close();
  process.exit(0);
});
