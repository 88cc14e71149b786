import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import {
  fundingPeriod,
  fundingRate,
  HOUR_MS,
  listedCoin,
  markPrice,
  openInterestCoins,
} from './venue-market.js';

/**
 * The `deribit-public` upstream: `GET /api/v2/public/ticker` of Deribit's public JSON-RPC over HTTP (notes
 * sentiment.md S10). `funding_8h` is the trailing 8 h funding (already an 8 h rate); BTC and ETH are the
 * inverse `-PERPETUAL` (open interest in USD), the others `<COIN>_USDC-PERPETUAL` (in coins).
 */
function instrumentCoin(name: string | undefined) {
  const match = /^([A-Z]+)(?:-PERPETUAL|_USDC-PERPETUAL)$/.exec(name ?? '');
  const spec = match ? listedCoin(match[1]!) : undefined;
  if (!spec) return undefined;
  const inverse = name === `${spec.coin}-PERPETUAL`;
  return inverse === spec.deribitInverse ? spec : undefined;
}

function deribitPublicPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const envelope = (now: number) => ({
    usIn: now * 1000,
    usOut: now * 1000 + 200,
    usDiff: 200,
    testnet: false,
  });
  return async (app) => {
    app.get('/api/v2/public/ticker', async (request, reply) => {
      const now = context.now();
      const name = (request.query as Record<string, string | undefined>).instrument_name;
      const spec = instrumentCoin(name);
      if (!spec)
        return reply.code(400).send({
          jsonrpc: '2.0',
          error: {
            code: -32602,
            message: 'Invalid params',
            data: { reason: 'instrument not found', param: 'instrument_name' },
          },
          ...envelope(now),
        });
      const mark = markPrice(seed, 'deribit', spec, now);
      const coins = openInterestCoins(seed, 'deribit', spec, now);
      // Trailing 8 h: the hourly accruals of the last eight hours at the venue's 8 h level.
      const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
      let funding8h = 0;
      for (let h = 1; h <= 8; h++)
        funding8h += fundingRate(seed, 'deribit', spec.coin, hour - h * HOUR_MS) / 8;
      return {
        jsonrpc: '2.0',
        result: {
          timestamp: now,
          instrument_name: name,
          state: 'open',
          last_price: mark,
          mark_price: mark,
          index_price: Math.round(mark * 1.00004 * 100) / 100,
          open_interest: spec.deribitInverse ? Math.round(coins * mark) : coins,
          funding_8h: Math.round(funding8h * 1e8) / 1e8,
          current_funding: fundingRate(seed, 'deribit', spec.coin, fundingPeriod('deribit', now).start),
          interest_rate: 0,
          stats: { volume: 0, price_change: 0 },
        },
        ...envelope(now),
      };
    });
  };
}

/** Deribit's public market data: no credentials. */
export const deribitPublic: SimulatorDefinition = { name: 'deribit-public', plugin: deribitPublicPlugin };
