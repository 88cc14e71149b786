/**
 * The servers of bench/gateway.bench.ts, in their own process so the load
 * generator does not share their event loop: the gateway (sim profile, the
 * test ticker namespace, request log written as in production but to /dev/null) and a bare Fastify
 * route. The testnet token is the first argument. The second is the ticker
 * simulator's test and live URLs (JSON) when it runs in a process of its own,
 * or `in-process` to start it here, as the sim profile does. Prints the
 * gateway, bare-route and simulator URLs as one JSON line. Over the IPC
 * channel, `watch` starts and `report` ends a watch of this process's GC pauses.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../apps/gateway/src/app.js';
import { loadConfig } from '../apps/gateway/src/config.js';
import { startUpstreams } from '../apps/gateway/src/upstream/upstream-profile.js';
import { tickerNamespace, tickerUpstream } from '../apps/gateway/test/fixtures/ticker.namespace.js';
import { tickerSimulator } from '../apps/gateway/test/fixtures/ticker.simulator.js';
import { createLogger } from '../packages/kit/src/index.js';
import { startTestServer } from '../packages/kit/src/testing.js';
import { gcWatch } from './gc-watch.js';

const BENCH_TOKEN = process.argv[2] ?? 'bench-testnet-token';
const inProcess = process.argv[3] === 'in-process';
const simUrls = inProcess
  ? undefined
  : (JSON.parse(process.argv[3] ?? '{}') as { test: string; live: string });

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
const specs = [tickerUpstream('ticker')];
// A simulator in a process of its own is reached through the URL overrides, as an operator would point at a host.
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    TESTNET_TOKEN: BENCH_TOKEN,
    MAINNET_TOKEN: 'bench-mainnet-token',
    ...(simUrls ? { TICKER_TEST_URL: simUrls.test, TICKER_LIVE_URL: simUrls.live } : {}),
  },
  specs,
);
const upstreams = await startUpstreams({
  config,
  specs,
  simulators: inProcess ? [tickerSimulator('ticker')] : [],
});
const simulator = upstreams.simulators?.get('ticker');

// pino's production destination (sonic-boom, one synchronous write per line), to a file that keeps nothing.
const devNull = pino.destination({ dest: '/dev/null', sync: true });
const app = await buildApp({
  config,
  logger: createLogger({ name: 'bench', level: 'info', destination: devNull }),
  upstreams,
  namespaces: [tickerNamespace()],
});
const gateway = await startTestServer(app);
const bare = Fastify();
bare.post('/tools/get_cached_ticker', async () => ({ symbol: 'BTC', price: 42 }));
const bareServer = await startTestServer(bare as never);

const watch = gcWatch();
process.on('message', (message) => {
  if (message === 'watch') watch.start();
  if (message === 'report') process.send?.(watch.stop());
});

process.stdout.write(
  `${JSON.stringify({ gateway: gateway.url, bare: bareServer.url, sim: simulator?.test.url ?? simUrls?.test })}\n`,
);
process.on('SIGTERM', async () => {
  await Promise.all([gateway.close(), bareServer.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
