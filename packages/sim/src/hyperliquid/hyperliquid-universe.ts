import { significantRounder, type VenueQuote } from '../market/candles.js';
import { COINS, type CoinSpec } from '../market/coins.js';

/** The perp universe of the first dex: every simulated coin plus one delisted entry kept in place (notes §3, §4.1). */

export interface PerpAsset {
  name: string;
  szDecimals: number;
  maxLeverage: number;
  marginTableId: number;
  delisted: boolean;
  spec: CoinSpec | null;
}

/** Index order matters: it is the asset id. The delisted coin sits in the middle, as on mainnet. */
export const PERP_UNIVERSE: readonly PerpAsset[] = (() => {
  const assets: PerpAsset[] = COINS.map((spec) => ({
    name: spec.coin,
    szDecimals: spec.szDecimals,
    maxLeverage: spec.maxLeverage,
    marginTableId: spec.maxLeverage,
    delisted: false,
    spec,
  }));
  assets.splice(2, 0, {
    name: 'LOOM',
    szDecimals: 1,
    maxLeverage: 3,
    marginTableId: 3,
    delisted: true,
    spec: null,
  });
  return assets;
})();

/** Last price of the delisted coin, frozen. */
export const DELISTED_PRICE = 0.0512;

const quotes = new Map<string, VenueQuote>();

/**
 * The venue's quote of a coin, one object per seed and coin: the candle module keeps a quote's streams (its
 * price path, basis cells, bars) by the object, so a new one per price asked (the exchange core asks each
 * coin's mark and oracle on every operation) recomputed them every time.
 */
export function hyperliquidQuote(seed: number, asset: PerpAsset & { spec: CoinSpec }): VenueQuote {
  const key = `${seed}:${asset.name}`;
  let quote = quotes.get(key);
  if (!quote) {
    const share = asset.name === 'BTC' ? 1 : asset.name === 'ETH' ? 0.6 : 0.25;
    quote = {
      seed,
      coin: asset.spec,
      venue: `hyperliquid:${asset.name}`,
      basisBp: 1,
      jitterBp: 1,
      dailyVolume: (2e9 / asset.spec.referencePrice) * share,
      round: significantRounder(6 - asset.szDecimals),
    };
    quotes.set(key, quote);
  }
  return quote;
}

export function findAsset(coin: string): (PerpAsset & { spec: CoinSpec }) | undefined {
  const asset = PERP_UNIVERSE.find((candidate) => candidate.name === coin);
  return asset && !asset.delisted && asset.spec ? (asset as PerpAsset & { spec: CoinSpec }) : undefined;
}

/** Prices and sizes as the real API writes them: decimal strings, integral values with a trailing `.0`. */
export function wireNumber(value: number): string {
  if (Number.isInteger(value)) return value.toFixed(1);
  const text = String(value);
  return text.includes('e') ? value.toFixed(12).replace(/0+$/, '') : text;
}
