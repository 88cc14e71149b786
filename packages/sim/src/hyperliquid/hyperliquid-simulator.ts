import type { FastifyPluginAsync } from 'fastify';
import type { Fault } from '../frame/faults.js';
import { type LimitSettings, RateLimits } from '../frame/limits.js';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { answerAccountInfo } from './hyperliquid-account-info.js';
import type { Rejections } from './hyperliquid-actions.js';
import { createHyperliquidCore, perpPrices, pinMark } from './hyperliquid-core.js';
import { answerExchange, type ExchangeState, retireOrphanedReduceOnly } from './hyperliquid-exchange.js';
import { answerInfo, DeserializeError, type InfoOptions } from './hyperliquid-info.js';
import { answerMarketInfo } from './hyperliquid-market-info.js';
import { SignerRecovery } from './hyperliquid-recover.js';
import { SEEDED_BALANCE_USDC, seededIdentity, Users } from './hyperliquid-users.js';
import {
  exchangeWeight,
  HYPERLIQUID_LIMITS,
  infoWeight,
  itemsWeight,
  RATE_LIMIT_BODY,
} from './hyperliquid-weights.js';

/**
 * The `perpdex` upstream: Hyperliquid `POST /info` and `POST /exchange`. Business answers are HTTP 200 JSON; a
 * body that does not deserialize is HTTP 422 with a plain text message, as the real API answers. Every request
 * spends weight from the caller IP's budget (notes §10); over it, HTTP 429. Each instance seeds one funded
 * account with an approved agent (the credentials it issues), verifies every signature and keeps its orders,
 * positions and funding on the exchange core.
 */
function hyperliquidPlugin(context: SimContext, options: InfoOptions): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const { limits } = context;
  // The frame builds the core (SimulatorDefinition.exchange); a bare plugin mounted by hand builds its own.
  const core = context.exchange ?? createHyperliquidCore(context);
  const users = new Users();
  const identity = seededIdentity(context);
  users.addUser(identity.accountAddress);
  users.approveAgent(identity.accountAddress, identity.agentAddress);
  core.deposit(identity.accountAddress, 'USDC', SEEDED_BALANCE_USDC);
  const state: ExchangeState = {
    context,
    core,
    users,
    signers: new SignerRecovery((address) => users.accountOf(address) !== undefined),
    rejections: new Map() as Rejections,
    statusOverrides: new Map(),
  };
  const info: InfoOptions = { ...options, prices: (coin, at) => perpPrices(context, coin, at) };
  const unparsable = (
    reply: { code(status: number): { type(t: string): { send(body: string): unknown } } },
    error: unknown,
  ) => {
    if (!(error instanceof DeserializeError)) throw error;
    return reply
      .code(422)
      .type('text/plain; charset=utf-8')
      .send(`Failed to deserialize the JSON body into the target type: ${error.message}`);
  };
  return async (app) => {
    // Every route of the venue spends from one budget per IP: /info by request type, /exchange by batch.
    app.addHook('preHandler', async (request, reply) => {
      const path = request.url.split('?')[0];
      if (path?.startsWith('/__sim/')) return;
      const weight = path === '/exchange' ? exchangeWeight(request.body) : infoWeight(request.body);
      if (limits.take('ip_weight', `ip:${request.ip}`, request, weight)) return;
      return reply.code(429).type('application/json; charset=utf-8').send(RATE_LIMIT_BODY);
    });
    app.post('/info', async (request, reply) => {
      try {
        const body = request.body as Record<string, unknown> | null;
        const own =
          body && typeof body === 'object'
            ? (answerAccountInfo(state, body) ?? answerMarketInfo(state, body))
            : undefined;
        const answer = own ? own.answer : answerInfo(seed, request.body, context.now(), info);
        // Weight per items returned is known only now; the balance may go below zero for it.
        limits.charge('ip_weight', `ip:${request.ip}`, itemsWeight(request.body, answer));
        return answer;
      } catch (error) {
        return unparsable(reply, error);
      }
    });
    app.post('/exchange', async (request, reply) => {
      try {
        return answerExchange(state, request.body);
      } catch (error) {
        return unparsable(reply, error);
      }
    });
    // Tests pin a coin's oracle and mark (to move the price through a stop); `mark: null` unpins it.
    app.post('/__sim/perpdex/mark', async (request, reply) => {
      const { coin, mark } = (request.body ?? {}) as { coin?: unknown; mark?: unknown };
      if (typeof coin !== 'string' || !(mark === null || (typeof mark === 'number' && mark > 0)))
        return reply.code(400).send({ error: 'expected {coin, mark: number | null}' });
      pinMark(context, coin, mark as number | null);
      core.sync();
      retireOrphanedReduceOnly(state);
      return { coin, mark };
    });
  };
}

/**
 * The venue's own rate-limit refusal as a fault (HTTP 429, body `null`, as the weight budget answers it),
 * for tests that want the refusal without spending weight (nothing is counted as refused).
 */
export function perpdexRateLimitFault(): Fault {
  return {
    kind: 'error',
    status: 429,
    body: RATE_LIMIT_BODY,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  };
}

export interface PerpdexSimOptions extends Partial<InfoOptions> {
  /**
   * The IP weight budget (notes §10, `HYPERLIQUID_LIMITS`), on by default as on the venue: `{ enabled: false }`
   * switches it off, `rules: { ip_weight: { pool, refillPerSecond } }` tunes it.
   */
  limits?: LimitSettings;
}

/**
 * A perpdex simulator; `retainedCandles: 5000` reproduces the documented
 * history horizon of the real API (older candles are simply absent).
 */
export function createPerpdexSimulator(options: PerpdexSimOptions = {}): SimulatorDefinition {
  const info: InfoOptions = { retainedCandles: options.retainedCandles ?? null };
  // Checked here, so a wrong bucket or number fails where the definition is made.
  const limits = new RateLimits(HYPERLIQUID_LIMITS, options.limits);
  return {
    name: 'perpdex',
    plugin: (context) => hyperliquidPlugin(context, info),
    exchange: createHyperliquidCore,
    // The gateway signs with the agent and queries with the account; the account's own key stays here.
    credentials: (context) => {
      const identity = seededIdentity(context);
      return { agent_private_key: identity.agentPrivateKey, account_address: identity.accountAddress };
    },
    limits: { rules: limits.rules, enabled: limits.enabled },
  };
}

/** The default perpdex simulator: full candle history, so `start_date` is honoured beyond the cap (spec rule 6). */
export const perpdex: SimulatorDefinition = createPerpdexSimulator();
