/**
 * The perpdex simulator of bench/perpdex-signing.bench.ts in a process of its own, as the venue is in
 * production: its signature checks never share the gateway's event loop. Prints its test URL and the credential
 * set it issued as one JSON line.
 */

import { createPerpdexSimulator, startSimulator } from '../packages/sim/src/index.js';

const simulator = await startSimulator(createPerpdexSimulator({ limits: { enabled: false } }));
process.stdout.write(
  `${JSON.stringify({ url: simulator.test.url, credentials: simulator.test.credentials })}\n`,
);
// SIGUSR2: cancel every resting order of the funded account, so each round starts from an empty book.
process.on('SIGUSR2', () => {
  simulator.test.exchange!.cancelAll(simulator.test.credentials!.account_address!);
});
process.on('SIGTERM', async () => {
  await simulator.close();
  process.exit(0);
});
