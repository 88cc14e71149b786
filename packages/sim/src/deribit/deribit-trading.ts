import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SimContext } from '../simulator.js';
import { OptxAuth, optxCredentials } from './deribit-auth.js';
import { optxExchange, optxMarketOf } from './deribit-exchange.js';
import { privateMethods } from './deribit-private.js';
import { methodNotFound, type Query } from './deribit-rpc.js';
import { tradingPublicMethods } from './deribit-trading-public.js';

/**
 * The trading half of the Deribit simulator: `public/auth`, the `private/*` methods on the exchange core
 * behind a Bearer token, and the public methods that read the core. `answer` gives `undefined` for a method
 * it does not serve, so the pure public methods answer it.
 */

export interface OptxTrading {
  answer(scope: string, method: string, request: FastifyRequest<{ Querystring: Query }>): unknown;
}

export function optxTrading(context: SimContext, app: FastifyInstance): OptxTrading {
  // The frame builds the core (SimulatorDefinition.exchange); a plugin registered by hand builds its own.
  const market = optxMarketOf(context.exchange ?? optxExchange(context));
  const auth = new OptxAuth(optxCredentials(context), context.now);

  // Test controls (never on the venue): move a coin's price path, set the token lifetime.
  app.post('/__sim/optx/shift', async (request) => {
    const { coin, factor } = request.body as { coin: string; factor: number };
    if (factor === 1) market.shift.delete(coin);
    else market.shift.set(coin, factor);
    market.core.sync();
    return { coin, factor };
  });
  app.post('/__sim/optx/token-lifetime', async (request) => {
    auth.lifetimeSeconds = (request.body as { seconds: number }).seconds;
    return { seconds: auth.lifetimeSeconds };
  });

  return {
    answer(scope, method, request) {
      const query = request.query;
      if (scope === 'public') {
        if (method === 'auth') return auth.auth(query);
        if (!Object.hasOwn(tradingPublicMethods, method)) return undefined;
        return tradingPublicMethods[method]!(market, context.now(), query);
      }
      if (scope !== 'private') return undefined;
      const entry = Object.hasOwn(privateMethods, method) ? privateMethods[method] : undefined;
      if (!entry) throw methodNotFound();
      auth.check(request, entry.scope);
      return entry.run(market, query);
    },
  };
}
