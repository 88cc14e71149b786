import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import {
  decimal,
  fundingPeriod,
  fundingRate,
  listedCoin,
  listedCoins,
  openInterestCoins,
} from './venue-market.js';

/**
 * The `okx-public` upstream: OKX v5 public data (notes sentiment.md S8), `{code, msg, data}` with `code` a
 * string ("0" on success, "51001" for an unknown instrument). `fundingTime` is the next settlement and
 * `nextFundingTime` the one after, so the interval is their difference.
 */
type Query = Record<string, string | undefined>;

function okxPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const fundingOf = (instId: string, now: number) => {
    const spec = listedCoin(instId.replace(/-USDT-SWAP$/, ''));
    if (!spec || !instId.endsWith('-USDT-SWAP')) return null;
    const { start, next } = fundingPeriod('okx', now);
    const rate = fundingRate(seed, 'okx', spec.coin, start);
    return {
      instType: 'SWAP',
      instId,
      fundingRate: decimal(rate, 10),
      fundingTime: String(next),
      nextFundingTime: String(next + (next - start)),
      nextFundingRate: '',
      method: 'current_period',
      formulaType: 'withRate',
      maxFundingRate: '0.00375',
      minFundingRate: '-0.00375',
      premium: decimal(rate - 0.0001, 10),
      settFundingRate: decimal(fundingRate(seed, 'okx', spec.coin, start - (next - start)), 10),
      settState: 'settled',
      impactValue: '20000',
      interestRate: '0.0001',
      ts: String(now),
    };
  };
  return async (app) => {
    app.get('/api/v5/public/funding-rate', async (request) => {
      const { instId } = request.query as Query;
      const now = context.now();
      if (instId === 'ANY')
        return {
          code: '0',
          msg: '',
          data: listedCoins().map((spec) => fundingOf(`${spec.coin}-USDT-SWAP`, now)),
        };
      const row = instId === undefined ? null : fundingOf(instId, now);
      return row
        ? { code: '0', msg: '', data: [row] }
        : { code: '51001', msg: 'Instrument ID does not exist', data: [] };
    });
    app.get('/api/v5/public/open-interest', async (request) => {
      const { instId } = request.query as Query;
      const spec = listedCoin(instId?.replace(/-USDT-SWAP$/, '') ?? '');
      if (!spec) return { code: '51001', msg: 'Instrument ID does not exist', data: [] };
      const coins = openInterestCoins(seed, 'okx', spec, context.now());
      const contractSize = spec.coin === 'BTC' ? 0.01 : spec.coin === 'ETH' ? 0.1 : 1;
      return {
        code: '0',
        msg: '',
        data: [
          {
            instType: 'SWAP',
            instId,
            oi: decimal(coins / contractSize, 2),
            oiCcy: decimal(coins, 4),
            ts: String(context.now()),
          },
        ],
      };
    });
  };
}

/** OKX's public data: no credentials. */
export const okxPublic: SimulatorDefinition = { name: 'okx-public', plugin: okxPlugin };
