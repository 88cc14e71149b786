import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ExchangeCore } from '../exchange/exchange-core.js';
import type { SimContext, SimEnvironment, SimInstanceSettings, SimulatorDefinition } from '../simulator.js';
import { SimClock } from './clock.js';
import { applyFault, dripPayload, type Fault, FaultControl, type FaultRule, faultProblem } from './faults.js';
import { type LimitRule, RateLimits, type RefusalFilter } from './limits.js';
import { WebSocketRoutes } from './websocket-routes.js';

/** One running simulator in one environment, on its own loopback port, with its own state. */
export interface SimInstance {
  readonly name: string;
  readonly environment: SimEnvironment;
  readonly seed: number;
  /** `http://127.0.0.1:<port>`; stays the same across down() and up(). */
  readonly url: string;
  readonly faults: FaultControl;
  /** The credential set this instance issued (SimulatorDefinition.credentials), if it issues one. */
  readonly credentials: Readonly<Record<string, string>> | undefined;
  readonly isUp: boolean;
  /**
   * The venue's rate limits on this instance (on by default, real elapsed time): `limits.enabled = false`
   * switches them off, `limits.set(bucket, { pool, refillPerSecond, cost })` tunes a bucket, `limits.refill()`
   * fills every caller's balance again, `limits.rules` shows the numbers.
   */
  readonly limits: RateLimits;
  /** The market clock: `clock.set(ms)`, `clock.advance(ms)`, `clock.useRealTime()` (or `/__sim/clock`). */
  readonly clock: SimClock;
  /** The exchange core of a trading venue (SimulatorDefinition.exchange), else undefined. */
  readonly exchange: ExchangeCore | undefined;
  /** Open websocket connections. */
  websockets(): number;
  /** Requests that reached the instance (faulted ones included), optionally only a method and path prefix. */
  hits(filter?: { method?: string; path?: string }): number;
  /**
   * Requests the venue refused for rate limiting (a violation of its limits), optionally only a bucket,
   * method or path prefix. Zero means the client stayed inside the venue's budget.
   */
  rateLimited(filter?: RefusalFilter): number;
  /** The last requests as received (the newest JOURNAL_SIZE), optionally only a method and path prefix. */
  requests(filter?: { method?: string; path?: string }): readonly JournalEntry[];
  /** Forgets hits, the journal and the rate-limit refusals, and fills every caller's balance again. */
  resetHits(): void;
  /** Stops listening and drops open connections: clients get "connection refused" until up(). */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** One request as the instance received it: what a test asserts the gateway sent (signatures, nonces, windows). */
export interface JournalEntry {
  method: string;
  path: string;
  query: Readonly<Record<string, string>>;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed body; absent for requests a fault answered before the body was read. */
  body?: unknown;
}

const JOURNAL_SIZE = 5_000;
const CONTROL_PREFIX = '/__sim/';
const MAX_DISTINCT_PATHS = 10_000;

/**
 * Starts one instance: the frame's fault hook and control routes first, then
 * the venue plugin, so every venue route is subject to fault injection.
 */
export async function startSimInstance(
  definition: SimulatorDefinition,
  settings: SimInstanceSettings,
  host = '127.0.0.1',
): Promise<SimInstance> {
  const clock = new SimClock(settings.now);
  const websockets = new WebSocketRoutes();
  const context: SimContext = {
    ...settings,
    now: () => clock.now(),
    clock,
    websocket: (path, handler) => websockets.add(path, handler),
  };
  const exchange = definition.exchange?.(context);
  if (exchange) {
    context.exchange = exchange;
    clock.onChange(() => exchange.sync());
  }
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  const faults = new FaultControl();
  const counts = new Map<string, number>();
  let journal: JournalEntry[] = [];
  const entries = new WeakMap<object, JournalEntry>();
  const drips = new WeakMap<object, Extract<Fault, { kind: 'drip' }>>();
  const { limits } = context;

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith(CONTROL_PREFIX)) return;
    const key = `${request.method} ${path}`;
    if (counts.has(key) || counts.size < MAX_DISTINCT_PATHS) counts.set(key, (counts.get(key) ?? 0) + 1);
    const query = Object.fromEntries(new URLSearchParams(request.url.slice(path.length + 1)));
    const entry: JournalEntry = { method: request.method, path, query, headers: { ...request.headers } };
    journal.push(entry);
    if (journal.length > JOURNAL_SIZE) journal = journal.slice(-JOURNAL_SIZE / 2);
    entries.set(request, entry);
    const fault = faults.take(request.method, path);
    if (fault?.kind === 'drip') drips.set(request, fault);
    if (fault && (await applyFault(fault, request, reply))) return reply;
  });

  // A dripped answer (the real one or the fault's own body) leaves here: headers at once, the body slowly.
  app.addHook('onSend', async (request, reply, payload) => {
    const drip = drips.get(request);
    if (!drip) return payload;
    drips.delete(request);
    return dripPayload(drip, reply, payload);
  });

  app.addHook('preHandler', async (request) => {
    const entry = entries.get(request);
    if (entry && request.body !== undefined) entry.body = request.body;
  });

  // The same fault control over HTTP, for poking a running sandbox by hand (curl) or from another process.
  app.get(`${CONTROL_PREFIX}stats`, async () => ({
    name: definition.name,
    environment: context.environment,
    hits: Object.fromEntries(counts),
    faults: faults.active,
    limits: limits.stats(),
  }));
  app.post(`${CONTROL_PREFIX}faults`, async (request, reply) => {
    const rule = request.body as Partial<FaultRule> | null;
    const problem = !rule || typeof rule !== 'object' ? 'a rule must be an object' : faultProblem(rule.fault);
    if (problem) return reply.code(400).send({ error: problem });
    faults.inject(rule as FaultRule);
    return reply.code(204).send();
  });
  // `{ enabled?, rules?: { <bucket>: { pool?, refillPerSecond?, cost? } }, refill?: true }`; answers the stats.
  app.post(`${CONTROL_PREFIX}limits`, async (request, reply) => {
    const body = request.body as {
      enabled?: unknown;
      rules?: Record<string, Partial<LimitRule>>;
      refill?: unknown;
    } | null;
    if (!body || typeof body !== 'object') return reply.code(400).send({ error: 'a body must be an object' });
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      return reply.code(400).send({ error: 'enabled must be a boolean' });
    const rules = Object.entries(body.rules ?? {});
    try {
      // All or nothing: the rules are checked on a copy before any is applied.
      new RateLimits(limits.rules, { rules: Object.fromEntries(rules) });
    } catch (error) {
      return reply.code(400).send({ error: (error as Error).message });
    }
    for (const [bucket, rule] of rules) limits.set(bucket, rule);
    if (typeof body.enabled === 'boolean') limits.enabled = body.enabled;
    if (body.refill === true) limits.refill();
    return limits.stats();
  });
  app.get(`${CONTROL_PREFIX}clock`, async () => ({ now: clock.now(), mode: clock.mode }));
  // `{ set?: ms } | { advance?: ms } | { real: true }`; answers the clock as GET does.
  app.post(`${CONTROL_PREFIX}clock`, async (request, reply) => {
    const body = (request.body ?? {}) as { set?: unknown; advance?: unknown; real?: unknown };
    const { set, advance, real } = body;
    if (typeof body !== 'object' || [set, advance, real].filter((v) => v !== undefined).length !== 1)
      return reply.code(400).send({ error: 'send exactly one of set, advance, real' });
    if (real === true) clock.useRealTime();
    else if (typeof set === 'number' && Number.isFinite(set)) clock.set(set);
    else if (typeof advance === 'number' && Number.isFinite(advance) && advance >= 0) clock.advance(advance);
    else return reply.code(400).send({ error: 'set: epoch ms, advance: ms ≥ 0, real: true' });
    return { now: clock.now(), mode: clock.mode };
  });
  app.delete(`${CONTROL_PREFIX}faults`, async (_request, reply) => {
    faults.clear();
    return reply.code(204).send();
  });

  await app.register(definition.plugin(context));
  app.server.on('upgrade', websockets.upgrade);
  await app.listen({ port: 0, host });
  const { port } = app.server.address() as AddressInfo;
  let up = true;

  const goDown = async (): Promise<void> => {
    if (!up) return;
    up = false;
    websockets.terminateAll();
    const closed = new Promise<void>((resolve) => app.server.close(() => resolve()));
    app.server.closeAllConnections();
    await closed;
  };
  const goUp = async (): Promise<void> => {
    if (up) return;
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen(port, host, () => {
        app.server.off('error', reject);
        resolve();
      });
    });
    up = true;
  };

  return {
    name: definition.name,
    environment: context.environment,
    seed: context.seed,
    url: `http://${host}:${port}`,
    faults,
    limits,
    clock,
    exchange,
    websockets: () => websockets.connections,
    credentials: definition.credentials ? Object.freeze(definition.credentials(context)) : undefined,
    get isUp() {
      return up;
    },
    hits({ method, path } = {}) {
      let total = 0;
      for (const [key, count] of counts) {
        const [keyMethod, keyPath] = key.split(' ') as [string, string];
        if (
          (method === undefined || method === keyMethod) &&
          (path === undefined || keyPath.startsWith(path))
        )
          total += count;
      }
      return total;
    },
    rateLimited: (filter) => limits.rateLimited(filter),
    requests: ({ method, path } = {}) =>
      journal.filter(
        (entry) =>
          (method === undefined || entry.method === method) &&
          (path === undefined || entry.path.startsWith(path)),
      ),
    resetHits: () => {
      counts.clear();
      journal = [];
      limits.resetCounts();
      limits.refill();
    },
    down: goDown,
    up: goUp,
    async close() {
      // Fastify closes the listener itself; bring it back first so its close path runs normally.
      if (!up) await goUp().catch(() => undefined);
      websockets.terminateAll();
      await app.close();
    },
  };
}

export type { Fault, FaultRule };
