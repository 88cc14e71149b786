import { generateBar, venuePrice } from '../market/candles.js';
import { streamId, uniform } from '../market/hash.js';
import { pricePath } from '../market/price-path.js';
import { CANDLE_INTERVALS, candleSnapshot } from './hyperliquid-candles.js';
import { DELISTED_PRICE, hyperliquidQuote, PERP_UNIVERSE, wireNumber } from './hyperliquid-universe.js';

/** The `/info` request types the gateway's common interface needs (notes §4.1–4.3, §4.6). */

const DAY_MS = 86_400_000;

/** A body that does not deserialize into a known request: the real API answers 422 with plain text. */
export class DeserializeError extends Error {}

function meta() {
  return {
    universe: PERP_UNIVERSE.map((asset) => ({
      name: asset.name,
      szDecimals: asset.szDecimals,
      maxLeverage: asset.maxLeverage,
      marginTableId: asset.marginTableId,
      ...(asset.delisted ? { onlyIsolated: true, isDelisted: true, marginMode: 'strictIsolated' } : {}),
    })),
    marginTables: [...new Set(PERP_UNIVERSE.map((asset) => asset.marginTableId))].map((id) => [
      id,
      { description: '', marginTiers: [{ lowerBound: '0.0', maxLeverage: id }] },
    ]),
    collateralToken: 0,
  };
}

function assetContext(seed: number, index: number, now: number, options?: InfoOptions) {
  const asset = PERP_UNIVERSE[index]!;
  if (asset.delisted || !asset.spec) {
    const px = wireNumber(DELISTED_PRICE);
    return {
      funding: '0.0',
      openInterest: '0.0',
      prevDayPx: px,
      dayNtlVlm: '0.0',
      premium: null,
      oraclePx: px,
      markPx: px,
      midPx: null,
      impactPxs: null,
      dayBaseVlm: '0.0',
    };
  }
  const quote = hyperliquidQuote(seed, { ...asset, spec: asset.spec });
  const own = options?.prices?.(asset.name, now);
  const oracle = own?.oracle ?? pricePath(seed, asset.spec).priceAt(now);
  const mark = own?.mark ?? quote.round(venuePrice(quote, now));
  const day = generateBar(quote, now - DAY_MS, DAY_MS, now)!;
  const tick = mark / 20_000;
  const premium = (mark - oracle) / oracle;
  const funding = Math.max(-0.04, Math.min(0.04, premium / 8 + 0.0000125));
  const oiWobble = 0.8 + 0.4 * uniform(seed, streamId(`hl-oi:${asset.name}`), Math.floor(now / 3_600_000));
  return {
    funding: wireNumber(Number(funding.toFixed(7))),
    openInterest: wireNumber(Number(((quote.dailyVolume / 3) * oiWobble).toFixed(asset.szDecimals))),
    prevDayPx: wireNumber(quote.round(venuePrice(quote, now - DAY_MS))),
    dayNtlVlm: wireNumber(Number((day.volume * mark).toFixed(4))),
    premium: wireNumber(Number(premium.toFixed(8))),
    oraclePx: wireNumber(quote.round(oracle)),
    markPx: wireNumber(mark),
    midPx: wireNumber(quote.round(mark - tick / 2)),
    impactPxs: [wireNumber(quote.round(mark - tick)), wireNumber(quote.round(mark + tick))],
    dayBaseVlm: wireNumber(day.volume),
  };
}

function allMids(seed: number, now: number, options?: InfoOptions) {
  const mids: Record<string, string> = {};
  for (const [index, asset] of PERP_UNIVERSE.entries()) {
    if (asset.delisted) continue;
    mids[asset.name] = assetContext(seed, index, now, options).midPx as string;
  }
  // Spot pairs share the map under their spot names; clients must not mistake them for perps.
  mids['PURR/USDC'] = '0.18123';
  return mids;
}

const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

export interface InfoOptions {
  /** Only the most recent N candles per interval exist (the real API's horizon); null: full history. */
  retainedCandles: number | null;
  /** Oracle and mark of a coin from the exchange core's feed (so a pinned test price shows here too). */
  prices?: (coin: string, at: number) => { oracle: number; mark: number };
}

function candleRequest(seed: number, body: Record<string, unknown>, now: number, options: InfoOptions) {
  const req = body.req as Record<string, unknown> | undefined;
  if (!req || typeof req !== 'object') throw new DeserializeError('missing field `req`');
  const { coin, interval, startTime, endTime } = req;
  if (typeof coin !== 'string') throw new DeserializeError('req.coin: invalid type, expected a string');
  if (typeof interval !== 'string' || !(interval in CANDLE_INTERVALS))
    throw new DeserializeError(`req.interval: unknown variant \`${String(interval)}\``);
  if (!isInteger(startTime)) throw new DeserializeError('req.startTime: invalid type, expected u64');
  if (endTime !== undefined && endTime !== null && !isInteger(endTime))
    throw new DeserializeError('req.endTime: invalid type, expected u64');
  return candleSnapshot(
    seed,
    coin,
    interval,
    startTime,
    isInteger(endTime) ? endTime : now,
    now,
    options.retainedCandles,
  );
}

export function answerInfo(
  seed: number,
  body: unknown,
  now: number,
  options: InfoOptions = { retainedCandles: null },
): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new DeserializeError('expected an object');
  const request = body as Record<string, unknown>;
  switch (request.type) {
    case 'meta':
      return meta();
    case 'metaAndAssetCtxs':
      return [meta(), PERP_UNIVERSE.map((_asset, index) => assetContext(seed, index, now, options))];
    case 'allMids':
      return allMids(seed, now, options);
    case 'candleSnapshot':
      return candleRequest(seed, request, now, options);
    case undefined:
      throw new DeserializeError('missing field `type`');
    default:
      throw new DeserializeError(`unknown variant \`${String(request.type)}\``);
  }
}
