import { ExchangeCore } from '../exchange/exchange-core.js';
import { RateLimits } from '../frame/limits.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { type AccountScope, registerAccountRoutes } from './ibkr-account-routes.js';
import { API_PREFIX, registerOAuth } from './ibkr-auth.js';
import { consumersOf } from './ibkr-consumers.js';
import { stockFeed, stockInstruments } from './ibkr-contracts.js';
import { ibkrError } from './ibkr-errors.js';
import { endpointBucket, IBKR_LIMITS } from './ibkr-limits.js';
import { registerMarketRoutes } from './ibkr-market-routes.js';
import { IbkrOrderBook } from './ibkr-order-book.js';
import { registerOrderRoutes } from './ibkr-order-routes.js';
import { BrokerageSession } from './ibkr-session.js';
import { IbkrStreams, type StreamSettings } from './ibkr-websocket.js';

export interface BrokerSimOptions extends Partial<StreamSettings> {
  /** Cash of the account at start, USD. */
  cash?: number;
}

const accountOf = (context: SimContext) =>
  context.environment === 'test'
    ? `DU${1_000_000 + (context.seed % 8_999_999)}`
    : `U${1_000_000 + (context.seed % 8_999_999)}`;

/**
 * The `broker` upstream: IBKR Web API (Client Portal API v1) with first-party OAuth 1.0a, under `/v1/api`
 * (notes broker-ibkr.md §8). Paper (`DU…`, isPaper) for the test instance, live (`U…`) for the live one; each
 * issues its own credential set at start, which the gateway's sim profile signs with. Control routes under
 * `/__sim/ibkr/`: `compete`, `expire-lst`, `ask` (questions on the next order), `consumers` (a new credential set),
 * `ws` (subscription counts), `ws/drop`, `ws/silence`, `rejections` (OAuth refusals by reason).
 */
export function createBrokerSimulator(options: BrokerSimOptions = {}): SimulatorDefinition {
  const limits = new RateLimits(IBKR_LIMITS);
  return {
    name: 'broker',
    credentials: (context) => consumersOf(context).issued,
    limits: { rules: limits.rules, enabled: limits.enabled },
    exchange: (context) => {
      const core = new ExchangeCore({
        instruments: stockInstruments,
        feed: stockFeed(context.marketSeed),
        clock: context.clock,
        seed: context.seed,
      });
      core.deposit(accountOf(context), 'USD', options.cash ?? 1_000_000);
      return core;
    },
    plugin: (context) => async (app) => {
      const consumers = consumersOf(context);
      const session = new BrokerageSession(context.now);
      const core = context.exchange!;
      const scope: AccountScope = {
        account: accountOf(context),
        isPaper: context.environment === 'test',
        username: context.environment === 'test' ? 'simpaper1' : 'simlive1',
        serverName: 'SimSrv01',
        session,
        core,
        now: context.now,
        marketSeed: context.marketSeed,
      };
      const rejections = new Map<string, number>();
      app.addHook('preHandler', async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if (!path.startsWith(API_PREFIX)) return;
        const bucket = endpointBucket(request.method, path);
        const caller = 'username';
        if (
          !context.limits.take('global', caller, request) ||
          (bucket && !context.limits.take(bucket, caller, request))
        )
          return reply.code(429).send({ error: 'Too many requests' });
      });
      registerOAuth(app, context, consumers, rejections);
      const book = new IbkrOrderBook(core, session, (conid) => core.prices(String(conid)).last);
      registerAccountRoutes(app, scope);
      registerOrderRoutes(app, scope, book);
      registerMarketRoutes(app, scope);
      const streams = new IbkrStreams(scope, () => [...consumers.tokens()], {
        tickMs: options.tickMs ?? 250,
        heartbeatMs: options.heartbeatMs ?? 10_000,
      });
      context.websocket(`${API_PREFIX}/ws`, streams.handle);
      // Resting orders meet the moving market between requests too.
      const sync = setInterval(() => core.sync(), 1000).unref();
      app.addHook('onClose', async () => {
        clearInterval(sync);
        streams.close();
      });
      app.post('/__sim/ibkr/compete', async () => {
        session.competing = true;
        return { competing: true };
      });
      app.post('/__sim/ibkr/expire-lst', async () => {
        consumers.expireTokens();
        return { expired: true };
      });
      app.post('/__sim/ibkr/ask', async (request, reply) => {
        const ids = (request.body as { messageIds?: unknown })?.messageIds;
        if (!Array.isArray(ids)) return ibkrError(reply, 400, 'messageIds required');
        session.forcedQuestions.push(...ids.map(String));
        return { queued: session.forcedQuestions };
      });
      app.post('/__sim/ibkr/consumers', async () => consumers.issue());
      app.delete('/__sim/ibkr/consumers/:token', async (request) => {
        consumers.revoke((request.params as { token: string }).token);
        return { revoked: true };
      });
      app.get('/__sim/ibkr/ws', async () => ({
        connections: streams.sockets.size,
        subscriptions: Object.fromEntries(streams.subscriptions),
        depth: Object.fromEntries(streams.depth),
      }));
      app.post('/__sim/ibkr/ws/drop', async () => {
        streams.drop();
        return { dropped: true };
      });
      app.post('/__sim/ibkr/ws/silence', async (request) => {
        streams.silence = (request.body as { silence?: boolean })?.silence !== false;
        return { silence: streams.silence };
      });
      app.get('/__sim/ibkr/rejections', async () => Object.fromEntries(rejections));
    },
  };
}

export const broker: SimulatorDefinition = createBrokerSimulator();
