import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import {
  fundingPeriod,
  fundingRate,
  HOUR_MS,
  listedCoins,
  markPrice,
  openInterestCoins,
} from './venue-market.js';

/**
 * The `hyperliquid-public` upstream: `POST /info` of Hyperliquid's public API for `metaAndAssetCtxs` and
 * `fundingHistory` (notes sentiment.md S9). Funding is the hourly rate; numbers are strings; a body that does
 * not deserialize is HTTP 422 with a plain-text message.
 */
function hyperliquidPublicPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const metaAndAssetCtxs = (now: number) => {
    const coins = listedCoins();
    const start = fundingPeriod('hyperliquid', now).start;
    return [
      {
        universe: coins.map((spec) => ({
          name: spec.coin,
          szDecimals: spec.szDecimals,
          maxLeverage: spec.maxLeverage,
        })),
      },
      coins.map((spec) => {
        const mark = markPrice(seed, 'hyperliquid', spec, now);
        return {
          funding: fundingRate(seed, 'hyperliquid', spec.coin, start).toFixed(10).replace(/0+$/, '0'),
          openInterest: openInterestCoins(seed, 'hyperliquid', spec, now).toString(),
          prevDayPx: markPrice(seed, 'hyperliquid', spec, now - 24 * HOUR_MS).toString(),
          dayNtlVlm: '0.0',
          premium: '-0.0000901',
          oraclePx: (mark * 1.00004).toPrecision(6),
          markPx: mark.toString(),
          midPx: mark.toString(),
          impactPxs: [mark.toString(), mark.toString()],
          dayBaseVlm: '0.0',
        };
      }),
    ];
  };
  const answers: Record<string, (body: Record<string, unknown>, now: number) => unknown> = {
    metaAndAssetCtxs: (_body, now) => metaAndAssetCtxs(now),
    // The gateway's readiness probe of this upstream asks for `meta`: the universe alone.
    meta: (_body, now) => metaAndAssetCtxs(now)[0],
    fundingHistory: (body, now) => {
      const coin = listedCoins().find((spec) => spec.coin === body.coin);
      const startTime = typeof body.startTime === 'number' ? body.startTime : null;
      if (!coin || startTime === null) throw new Error('bad body');
      const end = Math.min(typeof body.endTime === 'number' ? body.endTime : now, now);
      const rows = [];
      for (let t = Math.ceil(startTime / HOUR_MS) * HOUR_MS; t <= end && rows.length < 500; t += HOUR_MS)
        rows.push({
          coin: coin.coin,
          fundingRate: fundingRate(seed, 'hyperliquid', coin.coin, t - HOUR_MS).toFixed(10),
          premium: '-0.0000880',
          time: t,
        });
      return rows;
    },
  };
  return async (app) => {
    app.post('/info', async (request, reply) => {
      const body = request.body as Record<string, unknown> | null;
      const answer = typeof body?.type === 'string' ? answers[body.type] : undefined;
      try {
        if (answer) return answer(body!, context.now());
      } catch {
        // falls through to the venue's deserialisation error
      }
      return reply
        .code(422)
        .type('text/plain')
        .send('Failed to deserialize the JSON body into the target type');
    });
  };
}

/** Hyperliquid's public info endpoint: no credentials. */
export const hyperliquidPublic: SimulatorDefinition = {
  name: 'hyperliquid-public',
  plugin: hyperliquidPublicPlugin,
};
