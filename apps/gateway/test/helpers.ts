import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { type SimulatorDefinition, type SimulatorFleet, simulators } from '@app/sim';
import { buildApp } from '../src/app.js';
import { type GatewayConfig, loadConfig } from '../src/config.js';
import { namespaces } from '../src/namespaces.js';
import type { AnyNamespace } from '../src/tools/tool.js';
import { type ExposureViews, openExposureViews } from '../src/trading/exposure-view.js';
import { startUpstreams, type Upstreams } from '../src/upstream/upstream-profile.js';
import type { UpstreamSpec } from '../src/upstream/upstream-spec.js';
import { upstreamSpecs } from '../src/upstreams.js';
import { tickerNamespace, tickerUpstream } from './fixtures/ticker.namespace.js';
import { tickerSimulator } from './fixtures/ticker.simulator.js';

export const TESTNET = 'testnet-token-0123456789abcdef';
export const MAINNET = 'mainnet-token-fedcba9876543210';

export interface Gateway {
  url: string;
  server: TestServer;
  config: GatewayConfig;
  upstreams: Upstreams;
  sims: SimulatorFleet;
  dataDir: string;
  /** The leverage cap's account views (reset between tests with the caches). */
  exposure: ExposureViews;
  logLines: () => Record<string, unknown>[];
  /** POST /<namespace>/tools/<tool> with the testnet token and a bot tag unless overridden. */
  call(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/**
 * The real gateway on a loopback port, in the sim profile, with two test
 * upstreams (`ticker` and `quotes`) served by the ticker simulator and the
 * test namespace `mcp-ticker`. Retries are fast so fault tests stay quick.
 */
export async function startGateway(
  options: {
    env?: Record<string, string>;
    now?: () => number;
    namespaces?: AnyNamespace[];
    /** The production upstreams, simulators and namespaces instead of the ticker test venue. */
    production?: boolean;
    /** Upstreams instead of the production or ticker ones. */
    specs?: UpstreamSpec[];
    /** Simulators instead of the catalog's or the ticker ones (a venue with other settings). */
    simulators?: SimulatorDefinition[];
    /** The simulators' clock, pinned so every run sees the same market. */
    simNow?: () => number;
    /**
     * Redis key prefix when env sets REDIS_URL (and exposure account prefix with DATABASE_URL): instances that
     * share one share budgets, caches, idempotency keys and the leverage cap's reservations.
     */
    redisPrefix?: string;
    /** DATA_DIR to use and keep on close (a restart test starts a second gateway on it); a fresh temp dir otherwise. */
    dataDir?: string;
    /** Another gateway whose simulators this one calls too (two instances on one account); they stay its own. */
    simulatorsOf?: Gateway;
  } = {},
): Promise<Gateway> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const specs =
    options.specs ??
    (options.production ? upstreamSpecs : [tickerUpstream('ticker'), tickerUpstream('quotes')]);
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      TESTNET_TOKEN: TESTNET,
      MAINNET_TOKEN: MAINNET,
      UPSTREAM_TIMEOUT_MS: '1000',
      UPSTREAM_RETRY_BASE_MS: '1',
      UPSTREAM_RETRY_CAP_MS: '5',
      READY_PROBE_TIMEOUT_MS: '1000',
      READY_CACHE_MS: '0',
      OPTX_MAX_LEVERAGE: '3',
      ...options.env,
    },
    specs,
  );
  const { logger, lines } = captureLogger('gateway');
  const upstreams = await startUpstreams({
    config,
    specs,
    simulators:
      options.simulators ??
      (options.production ? simulators : [tickerSimulator('ticker'), tickerSimulator('quotes')]),
    now: options.now,
    simNow: options.simNow,
    logger,
    redisPrefix: options.redisPrefix,
    fleet: options.simulatorsOf?.sims,
  });
  // Its reservations where the idempotency keys go (REDIS_URL, DATABASE_URL), under the test's prefix.
  const exposure = await openExposureViews({
    config,
    logger,
    now: options.now ?? Date.now,
    prefix: options.redisPrefix,
  });
  const app = await buildApp({
    config,
    logger,
    upstreams,
    exposure,
    namespaces: options.namespaces ?? (options.production ? namespaces(config) : [tickerNamespace()]),
    now: options.now,
    redisPrefix: options.redisPrefix,
  });
  const server = await startTestServer(app);
  return {
    url: server.url,
    server,
    config,
    upstreams,
    sims: upstreams.simulators as SimulatorFleet,
    dataDir,
    exposure,
    logLines: lines,
    call: (path, body, headers = {}) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${TESTNET}`,
          'x-bot-tag': 'test-bot',
          ...headers,
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: async () => {
      await server.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every simulator instance back to normal (faults cleared, up, hit counts reset) and every upstream cache
 * emptied, and the leverage cap's account snapshots forgotten: a test's fresh start on a gateway its file shares.
 */
export async function resetSimulatorsAndCaches(gateway: Gateway): Promise<void> {
  for (const simulator of gateway.sims.simulators)
    for (const instance of [simulator.test, simulator.live]) {
      instance.faults.clear();
      await instance.up();
      instance.resetHits();
    }
  const { registry } = gateway.upstreams;
  for (const name of registry.names)
    for (const environment of ['test', 'live'] as const) registry.connection(name, environment).cache.clear();
  gateway.exposure.clearSnapshots();
}

export interface Envelope {
  error: {
    code: string;
    message: string;
    retryable: boolean;
    request_id: string;
    details?: Record<string, unknown>;
  };
}
