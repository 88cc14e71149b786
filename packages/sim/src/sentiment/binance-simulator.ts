import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { environmentSeed } from '../market/environment-seed.js';
import type { SimContext, SimulatorDefinition } from '../simulator.js';
import { bucketStarts, INTERVAL_MS, queryWindow } from './series-window.js';
import {
  decimal,
  fundingPeriod,
  fundingRate,
  HOUR_MS,
  listedCoins,
  longAccountShare,
  markPrice,
  openInterestCoins,
  usdtCoin,
  venueBar,
} from './venue-market.js';

/**
 * The `binance-public` upstream: Binance USD-M futures public market data under `/futures` (the `fapi` host)
 * and spot klines under `/spot` (notes sentiment.md S6). Decimals are strings, times epoch ms; every answer
 * carries `X-MBX-USED-WEIGHT-1M`; an unknown symbol is HTTP 400 `{"code":-1121,"msg":"Invalid symbol."}`;
 * open-interest history older than 30 days is refused with -1130.
 */
type Query = Record<string, string | undefined>;

const WEIGHTS: Record<string, number> = { premiumIndex: 1, fundingInfo: 1, fundingRate: 1, klines: 5 };
const THIRTY_DAYS_MS = 30 * 24 * HOUR_MS;

class BinanceError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const coinOf = (symbol: string | undefined) =>
  usdtCoin(symbol, () => new BinanceError(400, -1121, 'Invalid symbol.'));

const window = (query: Query, defaultLimit: number, maxLimit: number) =>
  queryWindow(
    query,
    defaultLimit,
    maxLimit,
    () => new BinanceError(400, -1100, 'Illegal characters found in a parameter.'),
  );

function intervalOf(value: string | undefined): number {
  const ms = value === undefined ? undefined : INTERVAL_MS[value];
  if (!ms) throw new BinanceError(400, -1120, 'Invalid interval.');
  return ms;
}

function binancePlugin(context: SimContext): FastifyPluginAsync {
  const seed = environmentSeed(context);
  let minute = 0;
  let used = 0;
  const premium = (symbol: string, now: number) => {
    const spec = coinOf(symbol);
    const mark = markPrice(seed, 'binance', spec, now);
    const { start, next } = fundingPeriod('binance', now);
    return {
      symbol,
      markPrice: decimal(mark),
      indexPrice: decimal(mark * 1.00004),
      estimatedSettlePrice: decimal(mark * 1.00002),
      lastFundingRate: decimal(fundingRate(seed, 'binance', spec.coin, start)),
      interestRate: '0.00010000',
      nextFundingTime: next,
      time: now,
    };
  };
  const candles = (venueSpot: boolean, query: Query, now: number) => {
    const spec = coinOf(query.symbol);
    const intervalMs = intervalOf(query.interval);
    const range = window(query, 500, venueSpot ? 1000 : 1500);
    return bucketStarts(intervalMs, now, range).map((t) => {
      const bar = venueBar(seed, 'binance', spec, t, intervalMs, now)!;
      const quoteVolume = bar.volume * bar.close;
      return [
        t,
        decimal(bar.open),
        decimal(bar.high),
        decimal(bar.low),
        decimal(bar.close),
        decimal(bar.volume, 4),
        t + intervalMs - 1,
        decimal(quoteVolume, 4),
        bar.trades,
        decimal(bar.volume / 2, 4),
        decimal(quoteVolume / 2, 4),
        '0',
      ];
    });
  };
  const routes: Record<string, (query: Query, now: number) => unknown> = {
    '/futures/fapi/v1/premiumIndex': (query, now) =>
      query.symbol === undefined
        ? listedCoins().map((spec) => premium(`${spec.coin}USDT`, now))
        : premium(query.symbol, now),
    // Only symbols with non-default settings are listed; every simulated coin settles every 8 h.
    '/futures/fapi/v1/fundingInfo': () => [
      {
        symbol: 'SIMUSDT',
        adjustedFundingRateCap: '0.02000000',
        adjustedFundingRateFloor: '-0.02000000',
        fundingIntervalHours: 4,
        disclaimer: false,
      },
    ],
    '/futures/fapi/v1/fundingRate': (query, now) => {
      const spec = coinOf(query.symbol);
      const range = window(query, 100, 1000);
      const settled = fundingPeriod('binance', now).start;
      return bucketStarts(8 * HOUR_MS, settled, range).map((time) => ({
        symbol: query.symbol,
        fundingTime: time,
        fundingRate: decimal(fundingRate(seed, 'binance', spec.coin, time - 8 * HOUR_MS)),
        markPrice: decimal(markPrice(seed, 'binance', spec, time)),
      }));
    },
    '/futures/futures/data/openInterestHist': (query, now) => {
      const spec = coinOf(query.symbol);
      const periodMs = intervalOf(query.period);
      const range = window(query, 30, 500);
      if (range.startTime !== undefined && range.startTime < now - THIRTY_DAYS_MS)
        throw new BinanceError(400, -1130, "Data sent for parameter 'startTime' is not valid.");
      const oldest = now - THIRTY_DAYS_MS;
      return bucketStarts(periodMs, now, range)
        .filter((t) => t >= oldest)
        .map((timestamp) => {
          const coins = openInterestCoins(seed, 'binance', spec, timestamp);
          return {
            symbol: query.symbol,
            sumOpenInterest: decimal(coins),
            sumOpenInterestValue: decimal(coins * markPrice(seed, 'binance', spec, timestamp)),
            timestamp,
          };
        });
    },
    '/futures/futures/data/globalLongShortAccountRatio': (query, now) => {
      const spec = coinOf(query.symbol);
      const periodMs = intervalOf(query.period);
      return bucketStarts(periodMs, now, window(query, 30, 500)).map((timestamp) => {
        const long = longAccountShare(seed, spec, timestamp);
        return {
          symbol: query.symbol,
          longShortRatio: (long / (1 - long)).toFixed(4),
          longAccount: long.toFixed(4),
          shortAccount: (1 - long).toFixed(4),
          timestamp,
        };
      });
    },
    '/futures/fapi/v1/klines': (query, now) => candles(false, query, now),
    '/spot/api/v3/klines': (query, now) => candles(true, query, now),
  };
  const weigh = (reply: FastifyReply, path: string, now: number) => {
    const current = Math.floor(now / 60_000);
    if (current !== minute) {
      minute = current;
      used = 0;
    }
    used += WEIGHTS[path.slice(path.lastIndexOf('/') + 1)] ?? 1;
    reply.header('x-mbx-used-weight-1m', String(used));
  };
  return async (app) => {
    for (const [path, answer] of Object.entries(routes))
      app.get(path, async (request, reply) => {
        const now = context.now();
        weigh(reply, path, now);
        try {
          return answer(request.query as Query, now);
        } catch (error) {
          if (!(error instanceof BinanceError)) throw error;
          return reply.code(error.status).send({ code: error.code, msg: error.message });
        }
      });
  };
}

/** Binance's public market data: no credentials; the weight header is informational here. */
export const binancePublic: SimulatorDefinition = { name: 'binance-public', plugin: binancePlugin };
