import { AppError, unprocessable } from '@app/kit';
import type { PerpMeta } from './hyperliquid-transforms.js';
import { canonicalDecimal, isValidPrice, isValidSize, priceDecimals, roundPrice } from './wire-numbers.js';

/**
 * Orders as Hyperliquid signs them (notes §6.2, §7): asset index from the environment's own `meta`, prices and
 * sizes checked against the asset's rules before anything is signed, and the wire object built in its
 * documented key order (`a b p s r t c`) with canonical decimals. A price the caller gives with too many
 * significant figures or decimals is refused (422), never rounded: the caller gets the price it asked for or
 * an error. Prices the gateway computes (slippage, a trigger's worst price) are rounded away from the touch.
 */

export interface PerpAssetRef {
  coin: string;
  /** Index in the universe: the asset id of every action. */
  asset: number;
  szDecimals: number;
  maxLeverage: number;
}

export function resolveAsset(meta: PerpMeta, coin: string): PerpAssetRef {
  const asset = meta.universe.findIndex((entry) => entry.name === coin);
  const entry = meta.universe[asset];
  if (!entry || entry.isDelisted)
    throw new AppError(404, 'UNKNOWN_INSTRUMENT', `perpdex does not list the coin ${JSON.stringify(coin)}`, {
      details: {
        field: 'coin',
        exchange: 'perpdex',
        instrument: coin,
        hint: 'coin names are case-sensitive, e.g. BTC, ETH, kPEPE',
      },
    });
  return { coin, asset, szDecimals: entry.szDecimals, maxLeverage: entry.maxLeverage };
}

export function checkSize(ref: PerpAssetRef, size: number, field = 'size'): string {
  if (!isValidSize(size, ref.szDecimals))
    throw unprocessable(
      `${field}: ${size} is not a positive multiple of the ${ref.coin} lot ${10 ** -ref.szDecimals} (${ref.szDecimals} decimals)`,
      'INVALID_SIZE',
      { field, lot: 10 ** -ref.szDecimals },
    );
  return canonicalDecimal(size);
}

export function checkPrice(ref: PerpAssetRef, price: number, field = 'price'): string {
  if (!isValidPrice(price, ref.szDecimals))
    throw unprocessable(
      `${field}: ${price} is not a valid ${ref.coin} price (at most 5 significant figures and ${priceDecimals(ref.szDecimals)} decimals, or an integer)`,
      'INVALID_PRICE',
      {
        field,
        nearest_below: roundPrice(price, ref.szDecimals, 'down'),
        nearest_above: roundPrice(price, ref.szDecimals, 'up'),
      },
    );
  return canonicalDecimal(price);
}

export function checkLeverage(ref: PerpAssetRef, leverage: number | undefined): void {
  if (leverage === undefined) return;
  if (!Number.isInteger(leverage) || leverage < 1 || leverage > ref.maxLeverage)
    throw unprocessable(
      `leverage: ${leverage} is outside 1…${ref.maxLeverage}, the maximum of ${ref.coin}`,
      'LEVERAGE_ABOVE_MAXIMUM',
      { field: 'leverage', max_leverage: ref.maxLeverage },
    );
}

/** An aggressive price `slippage` through `reference`, rounded away from it so it stays at least as aggressive. */
export function slippagePrice(
  ref: PerpAssetRef,
  reference: number,
  isBuy: boolean,
  slippage: number,
): string {
  const price = reference * (isBuy ? 1 + slippage : 1 - slippage);
  return canonicalDecimal(roundPrice(price, ref.szDecimals, isBuy ? 'up' : 'down'));
}

export type OrderKind =
  | { limit: { tif: 'Gtc' | 'Ioc' | 'Alo' } }
  | { trigger: { isMarket: boolean; triggerPx: string; tpsl: 'tp' | 'sl' } };

/** One order's wire object, keys in signing order; `c` omitted when there is no cloid. */
export function orderWire(
  ref: PerpAssetRef,
  order: {
    isBuy: boolean;
    price: string;
    size: string;
    reduceOnly: boolean;
    kind: OrderKind;
    cloid?: string;
  },
) {
  return {
    a: ref.asset,
    b: order.isBuy,
    p: order.price,
    s: order.size,
    r: order.reduceOnly,
    t: order.kind,
    ...(order.cloid ? { c: order.cloid.toLowerCase() } : {}),
  };
}

export const orderAction = (orders: ReturnType<typeof orderWire>[], grouping = 'na') => ({
  type: 'order',
  orders,
  grouping,
});
