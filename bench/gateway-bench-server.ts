/**
 * The servers of bench/gateway.bench.ts, in their own process so the load
 * generator does not share their event loop: the gateway (sim profile, the
 * test ticker namespace, request log on to a null stream), a bare Fastify
 * route, and the ticker simulator. Prints their URLs as one JSON line.
 * The testnet token comes as the first argument.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { buildApp } from '../apps/gateway/src/app.js';
import { loadConfig } from '../apps/gateway/src/config.js';
import { startUpstreams } from '../apps/gateway/src/upstream/upstream-profile.js';
import { tickerNamespace, tickerUpstream } from '../apps/gateway/test/fixtures/ticker.namespace.js';
import { tickerSimulator } from '../apps/gateway/test/fixtures/ticker.simulator.js';
import { createLogger } from '../packages/kit/src/index.js';
import { startTestServer } from '../packages/kit/src/testing.js';

const BENCH_TOKEN = process.argv[2] ?? 'bench-testnet-token';

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-bench-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  TESTNET_TOKEN: BENCH_TOKEN,
  MAINNET_TOKEN: 'bench-mainnet-token',
});
const upstreams = await startUpstreams({
  config,
  specs: [tickerUpstream('ticker')],
  simulators: [tickerSimulator('ticker')],
});
const nullLog = new Writable({ write: (_chunk, _encoding, done) => done() });
const app = await buildApp({
  config,
  logger: createLogger({ name: 'bench', level: 'info', destination: nullLog }),
  upstreams,
  namespaces: [tickerNamespace()],
});
const gateway = await startTestServer(app);
const bare = Fastify();
bare.post('/tools/get_cached_ticker', async () => ({ symbol: 'BTC', price: 42 }));
const bareServer = await startTestServer(bare as never);

process.stdout.write(
  `${JSON.stringify({ gateway: gateway.url, bare: bareServer.url, sim: upstreams.simulators?.get('ticker')?.test.url })}\n`,
);
process.on('SIGTERM', async () => {
  await Promise.all([gateway.close(), bareServer.close()]);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
