import type { FastifyPluginAsync } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { bucketStarts, INTERVAL_MS, queryWindow } from './series-window.js';
import {
  decimal,
  fundingPeriod,
  fundingRate,
  HOUR_MS,
  listedCoins,
  markPrice,
  openInterestCoins,
  usdtCoin,
  venueBar,
} from './venue-market.js';

/**
 * The `bybit-public` upstream: Bybit v5 public market data (notes sentiment.md S7). Every answer is the
 * `{retCode, retMsg, result, retExtInfo, time}` envelope, errors included (HTTP 200 with `retCode` 10001);
 * every decimal and time is a string; history lists come newest first.
 */
type Query = Record<string, string | undefined>;

class BybitError extends Error {}

/** `intervalTime` of open-interest history and `interval` of klines, in milliseconds. */
const OI_INTERVALS: Record<string, number> = {
  '5min': 300_000,
  '15min': 900_000,
  '30min': 1_800_000,
  '1h': HOUR_MS,
  '4h': 4 * HOUR_MS,
  '1d': 24 * HOUR_MS,
};
const KLINE_INTERVALS: Record<string, number> = {
  '5': INTERVAL_MS['5m']!,
  '15': INTERVAL_MS['15m']!,
  '30': INTERVAL_MS['30m']!,
  '60': HOUR_MS,
  '240': 4 * HOUR_MS,
  D: 24 * HOUR_MS,
};

const coinOf = (symbol: string | undefined) =>
  usdtCoin(symbol, () => new BybitError('params error: symbol invalid'));

const range = (query: Query, defaultLimit: number, maxLimit: number) =>
  queryWindow(query, defaultLimit, maxLimit, () => new BybitError('params error: limit invalid'));

function bybitPlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  const ticker = (symbol: string, now: number) => {
    const spec = coinOf(symbol);
    const mark = markPrice(seed, 'bybit', spec, now);
    const oi = openInterestCoins(seed, 'bybit', spec, now);
    const { start, next } = fundingPeriod('bybit', now);
    return {
      symbol,
      lastPrice: decimal(mark, 4),
      indexPrice: decimal(mark * 1.00003, 4),
      markPrice: decimal(mark, 4),
      prevPrice24h: decimal(markPrice(seed, 'bybit', spec, now - 24 * HOUR_MS), 4),
      openInterest: decimal(oi, 3),
      openInterestValue: decimal(oi * mark, 2),
      fundingRate: decimal(fundingRate(seed, 'bybit', spec.coin, start)),
      nextFundingTime: String(next),
      predictedDeliveryPrice: '',
      basisRate: '',
      deliveryFeeRate: '',
      deliveryTime: '0',
      basis: '',
    };
  };
  const routes: Record<string, (query: Query, now: number) => unknown> = {
    '/v5/market/tickers': (query, now) => ({
      category: 'linear',
      list:
        query.symbol === undefined
          ? listedCoins().map((spec) => ticker(`${spec.coin}USDT`, now))
          : [ticker(query.symbol, now)],
    }),
    '/v5/market/instruments-info': (query) => ({
      category: 'linear',
      list: (query.symbol === undefined ? listedCoins() : [coinOf(query.symbol)]).map((spec) => ({
        symbol: `${spec.coin}USDT`,
        contractType: 'LinearPerpetual',
        status: 'Trading',
        baseCoin: spec.coin,
        quoteCoin: 'USDT',
        settleCoin: 'USDT',
        fundingInterval: 480,
        upperFundingRate: '0.005',
        lowerFundingRate: '-0.005',
      })),
      nextPageCursor: '',
    }),
    '/v5/market/funding/history': (query, now) => {
      const spec = coinOf(query.symbol);
      const settled = fundingPeriod('bybit', now).start;
      const list = bucketStarts(8 * HOUR_MS, settled, range(query, 200, 200)).map((time) => ({
        symbol: query.symbol,
        fundingRate: decimal(fundingRate(seed, 'bybit', spec.coin, time - 8 * HOUR_MS)),
        fundingRateTimestamp: String(time),
      }));
      return { category: 'linear', list: list.reverse() };
    },
    '/v5/market/open-interest': (query, now) => {
      const spec = coinOf(query.symbol);
      const intervalMs = OI_INTERVALS[query.intervalTime ?? ''];
      if (!intervalMs) throw new BybitError('params error: intervalTime invalid');
      const list = bucketStarts(intervalMs, now, range(query, 50, 200)).map((t) => ({
        openInterest: decimal(openInterestCoins(seed, 'bybit', spec, t)),
        timestamp: String(t),
      }));
      return { symbol: query.symbol, category: 'linear', list: list.reverse(), nextPageCursor: '' };
    },
    '/v5/market/kline': (query, now) => {
      const spec = coinOf(query.symbol);
      const intervalMs = KLINE_INTERVALS[query.interval ?? ''];
      if (!intervalMs) throw new BybitError('params error: interval invalid');
      const list = bucketStarts(intervalMs, now, range(query, 200, 1000)).map((t) => {
        const bar = venueBar(seed, 'bybit', spec, t, intervalMs, now)!;
        return [t, bar.open, bar.high, bar.low, bar.close, bar.volume, bar.volume * bar.close].map(String);
      });
      return { category: query.category ?? 'linear', symbol: query.symbol, list: list.reverse() };
    },
  };
  return async (app) => {
    for (const [path, answer] of Object.entries(routes))
      app.get(path, async (request) => {
        const now = context.now();
        const query = request.query as Query;
        try {
          if (query.category !== 'linear' && !(path === '/v5/market/kline' && query.category === 'spot'))
            throw new BybitError('params error: category invalid');
          return { retCode: 0, retMsg: 'OK', result: answer(query, now), retExtInfo: {}, time: now };
        } catch (error) {
          if (!(error instanceof BybitError)) throw error;
          return { retCode: 10001, retMsg: error.message, result: {}, retExtInfo: {}, time: now };
        }
      });
  };
}

/** Bybit's public market data: no credentials. */
export const bybitPublic: SimulatorDefinition = { name: 'bybit-public', plugin: bybitPlugin };
