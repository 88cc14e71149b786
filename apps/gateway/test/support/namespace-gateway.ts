import type { SimInstance } from '@app/sim';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  type Envelope,
  type Gateway,
  MAINNET,
  resetSimulatorsAndCaches,
  startGateway,
  TESTNET,
} from '../helpers.js';

/**
 * The harness the macro and sentiment tests share: the production gateway (every upstream, namespace and
 * simulator) over HTTP on a pinned clock, calling one namespace's `/<namespace>/tools/*`. Those sources have one
 * environment: both tokens read the simulators' live instances.
 */

// biome-ignore lint/suspicious/noExplicitAny: answers are JSON read field by field in the tests
export type Json = any;
export type ToolError = { status: number } & Envelope['error'];

export interface NamespaceGateway {
  gateway: Gateway;
  /** The tool's 2xx body; an error status throws `{ status, ...envelope.error }`. */
  tool(name: string, body: unknown, token?: 'live' | 'test'): Promise<Json>;
  /** A simulator's live instance (the one both tokens reach). */
  sim(name: string): SimInstance;
  /** Clears faults, journals and every upstream cache, and brings every instance back up. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export async function startNamespaceGateway(namespace: string, now: () => number): Promise<NamespaceGateway> {
  const gateway = await startGateway({
    production: true,
    now,
    simNow: now,
    env: { UPSTREAM_BREAKER_FAILURES: '1000' },
  });
  return {
    gateway,
    async tool(name, body, token = 'live') {
      const response = await gateway.call(`/${namespace}/tools/${name}`, body, {
        authorization: `Bearer ${token === 'live' ? MAINNET : TESTNET}`,
      });
      const parsed: Json = await response.json();
      if (response.ok) return parsed;
      throw { status: response.status, ...(parsed as Envelope).error } as ToolError;
    },
    sim(name) {
      const simulator = gateway.sims.get(name);
      if (!simulator) throw new Error(`no simulator ${name}`);
      return simulator.live;
    },
    reset: () => resetSimulatorsAndCaches(gateway),
    close: () => gateway.close(),
  };
}

/**
 * One gateway for the whole test file, reset before each test and closed after the last: call it at the top of
 * the file. The answer stands for the gateway `start` gives once `beforeAll` has run.
 */
export function gatewayPerFile(start: () => Promise<NamespaceGateway>): NamespaceGateway {
  let started: NamespaceGateway | undefined;
  beforeAll(async () => {
    started = await start();
  });
  afterAll(() => started?.close());
  beforeEach(() => current().reset());
  const current = () => {
    if (!started) throw new Error('the gateway is used before beforeAll started it');
    return started;
  };
  return {
    get gateway() {
      return current().gateway;
    },
    tool: (name, body, token) => current().tool(name, body, token),
    sim: (name) => current().sim(name),
    reset: () => current().reset(),
    close: () => current().close(),
  };
}

/** The call's rejection, for `expect(await failure(...))`. */
export async function failure(call: Promise<unknown>): Promise<ToolError> {
  try {
    await call;
  } catch (error) {
    return error as ToolError;
  }
  throw new Error('the call succeeded');
}
