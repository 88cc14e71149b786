import { streamId, uniform } from '../market/hash.js';
import { HOUR_MS, perpPrices } from './hyperliquid-core.js';
import type { ExchangeState } from './hyperliquid-exchange.js';
import { DeserializeError } from './hyperliquid-info.js';
import { findAsset, PERP_UNIVERSE, wireNumber } from './hyperliquid-universe.js';

/**
 * Public `/info` requests derived from the seeded market and the exchange core: the tape (`recentTrades`),
 * funding (`fundingHistory`, `predictedFundings`) and the spot side (`spotMetaAndAssetCtxs`) for the basis.
 */

type Json = Record<string, unknown>;

const TAPE_SPACING_MS = 3_000;
const TAPE_LENGTH = 20;
const MAX_FUNDING_ROWS = 500;
/** Spot pairs of the simulated L1: PURR/USDC at index 0, then wrapped coins as the real L1 names them. */
const SPOT_TOKENS = ['USDC', 'PURR', 'UBTC', 'UETH', 'SOL'] as const;
const SPOT_BASE: Record<string, string> = { UBTC: 'BTC', UETH: 'ETH', SOL: 'SOL' };

function coinOf(body: Json): string {
  if (typeof body.coin !== 'string') throw new DeserializeError('coin: invalid type, expected a string');
  return body.coin;
}

/** The last trades: the simulated flow every 3 s around the mark, and the core's own fills, newest first. */
function recentTrades({ context, core }: ExchangeState, coin: string) {
  const asset = findAsset(coin);
  if (!asset) return [];
  const now = context.now();
  const stream = streamId(`hl-tape:${coin}`);
  const lot = 10 ** -asset.szDecimals;
  const flow = Array.from({ length: TAPE_LENGTH }, (_unused, k) => {
    const time = (Math.floor(now / TAPE_SPACING_MS) - k) * TAPE_SPACING_MS;
    const slot = time / TAPE_SPACING_MS;
    const buy = uniform(context.seed, stream, slot * 3) < 0.5;
    const mark = perpPrices(context, coin, time).mark;
    const px = core.instrument(coin) ? mark * (1 + (buy ? 1 : -1) * 0.0001) : mark;
    const sz = Math.max(
      lot,
      Math.round((uniform(context.seed, stream, slot * 3 + 1) * 5000) / mark / lot) * lot,
    );
    return {
      coin,
      side: buy ? 'B' : 'A',
      px: wireNumber(Number(px.toPrecision(5))),
      sz: wireNumber(Number(sz.toFixed(asset.szDecimals))),
      time,
      tid: slot,
    };
  });
  const own = core
    .fills()
    .filter((fill) => fill.symbol === coin && fill.liquidity === 'taker')
    .slice(-TAPE_LENGTH)
    .map((fill) => ({
      coin,
      side: fill.side === 'buy' ? 'B' : 'A',
      px: wireNumber(fill.price),
      sz: wireNumber(fill.size),
      time: fill.at,
      tid: 1e12 + fill.id,
    }));
  return [...own, ...flow]
    .sort((a, b) => b.time - a.time)
    .slice(0, TAPE_LENGTH)
    .map((trade) => ({
      ...trade,
      hash: `0x${trade.tid.toString(16).padStart(64, '0')}`,
      users: ['0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000002'],
    }));
}

/** One record per hourly settlement in [startTime, endTime], at most 500, ascending. */
function fundingHistory({ context }: ExchangeState, body: Json) {
  const coin = coinOf(body);
  const { startTime, endTime } = body;
  if (typeof startTime !== 'number') throw new DeserializeError('startTime: invalid type, expected u64');
  const end = Math.min(typeof endTime === 'number' ? endTime : context.now(), context.now());
  if (!findAsset(coin)) return [];
  const rows = [];
  for (
    let hour = Math.ceil(startTime / HOUR_MS) * HOUR_MS;
    hour <= end && rows.length < MAX_FUNDING_ROWS;
    hour += HOUR_MS
  ) {
    const prices = perpPrices(context, coin, hour);
    rows.push({
      coin,
      fundingRate: wireNumber(prices.funding),
      premium: wireNumber(Number(prices.premium.toFixed(8))),
      time: hour,
    });
  }
  return rows;
}

/** Per coin, the next funding of this venue (hourly) and of two 8-hour venues that follow the same premium. */
function predictedFundings({ context }: ExchangeState) {
  const now = context.now();
  const nextHour = (Math.floor(now / HOUR_MS) + 1) * HOUR_MS;
  const next8h = (Math.floor(now / (8 * HOUR_MS)) + 1) * 8 * HOUR_MS;
  return PERP_UNIVERSE.filter((asset) => !asset.delisted).map((asset) => {
    const hourly = perpPrices(context, asset.name, now).funding;
    const other = (venue: string) => {
      const drift =
        1 +
        0.2 *
          (uniform(context.seed, streamId(`hl-pred:${venue}:${asset.name}`), Math.floor(now / HOUR_MS)) -
            0.5);
      return [
        venue,
        {
          fundingRate: wireNumber(Number((hourly * 8 * drift).toFixed(8))),
          nextFundingTime: next8h,
          fundingIntervalHours: 8,
        },
      ];
    };
    return [
      asset.name,
      [
        other('BinPerp'),
        ['HlPerp', { fundingRate: wireNumber(hourly), nextFundingTime: nextHour, fundingIntervalHours: 1 }],
        other('BybitPerp'),
      ],
    ];
  });
}

/** Spot metadata and contexts; a wrapped coin trades a few basis points off the perp's oracle. */
function spotMetaAndAssetCtxs({ context }: ExchangeState) {
  const now = context.now();
  const tokens = SPOT_TOKENS.map((name, index) => ({
    name,
    szDecimals: index === 0 ? 8 : 2,
    weiDecimals: 8,
    index,
    tokenId: `0x${index.toString(16).padStart(32, '0')}`,
    isCanonical: true,
    evmContract: null,
    fullName: null,
  }));
  const universe = SPOT_TOKENS.slice(1).map((_name, j) => ({
    name: j === 0 ? 'PURR/USDC' : `@${j}`,
    tokens: [j + 1, 0],
    index: j,
    isCanonical: j === 0,
  }));
  const ctxs = universe.map((pair, j) => {
    const base = SPOT_BASE[SPOT_TOKENS[j + 1]!];
    const drift =
      1 + 0.001 * (uniform(context.seed, streamId(`hl-spot:${pair.name}`), Math.floor(now / 60_000)) - 0.5);
    const px = base ? perpPrices(context, base, now).oracle * drift : 0.18123;
    const text = wireNumber(Number(px.toPrecision(5)));
    return {
      coin: pair.name,
      prevDayPx: text,
      dayNtlVlm: '1000000.0',
      markPx: text,
      midPx: text,
      circulatingSupply: '1000000.0',
      totalSupply: '1000000.0',
      dayBaseVlm: '1000.0',
    };
  });
  return [{ tokens, universe }, ctxs];
}

export function answerMarketInfo(state: ExchangeState, body: Json): { answer: unknown } | undefined {
  switch (body.type) {
    case 'recentTrades':
      return { answer: recentTrades(state, coinOf(body)) };
    case 'fundingHistory':
      return { answer: fundingHistory(state, body) };
    case 'predictedFundings':
      return { answer: predictedFundings(state) };
    case 'spotMetaAndAssetCtxs':
      return { answer: spotMetaAndAssetCtxs(state) };
    case 'spotMeta':
      return { answer: (spotMetaAndAssetCtxs(state) as unknown[])[0] };
    default:
      return undefined;
  }
}
