import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureLogger, startTestServer, type TestServer } from '@app/kit/testing';
import { type SimulatorFleet, simulators } from '@app/sim';
import { buildApp } from '../src/app.js';
import { type GatewayConfig, loadConfig } from '../src/config.js';
import { namespaces } from '../src/namespaces.js';
import type { NamespaceDefinition } from '../src/tools/tool-types.js';
import { startUpstreams, type Upstreams } from '../src/upstream/upstream-profile.js';
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
    namespaces?: NamespaceDefinition[];
    /** The production upstreams, simulators and namespaces instead of the ticker test venue. */
    production?: boolean;
  } = {},
): Promise<Gateway> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    TESTNET_TOKEN: TESTNET,
    MAINNET_TOKEN: MAINNET,
    UPSTREAM_TIMEOUT_MS: '1000',
    UPSTREAM_RETRY_BASE_MS: '1',
    UPSTREAM_RETRY_CAP_MS: '5',
    READY_PROBE_TIMEOUT_MS: '1000',
    OPTX_MAX_LEVERAGE: '3',
    ...options.env,
  });
  const { logger, lines } = captureLogger('gateway');
  const upstreams = options.production
    ? await startUpstreams({ config, specs: upstreamSpecs, simulators })
    : await startUpstreams({
        config,
        specs: [tickerUpstream('ticker'), tickerUpstream('quotes')],
        simulators: [tickerSimulator('ticker'), tickerSimulator('quotes')],
      });
  const app = await buildApp({
    config,
    logger,
    upstreams,
    namespaces:
      options.namespaces ?? (options.production ? namespaces(upstreams.registry) : [tickerNamespace()]),
    now: options.now,
  });
  const server = await startTestServer(app);
  return {
    url: server.url,
    server,
    config,
    upstreams,
    sims: upstreams.simulators as SimulatorFleet,
    dataDir,
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
