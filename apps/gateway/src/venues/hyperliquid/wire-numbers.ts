/**
 * Numbers on Hyperliquid's wire (notes §5): decimal strings without exponent or trailing zeros; sizes with at
 * most `szDecimals` decimals; prices with at most 5 significant figures and `6 − szDecimals` decimals (8 for
 * spot), integers always valid. The signature covers these strings, so any other spelling of the same value
 * recovers a stranger's address.
 */

const PERP_MAX_DECIMALS = 6;

/** The canonical spelling of a finite non-negative number: `float_to_wire` of the official SDK. */
export function canonicalDecimal(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a wire number: ${value}`);
  const fixed = value.toFixed(8);
  if (Math.abs(Number(fixed) - value) >= 1e-12) throw new RangeError(`${value} has more than 8 decimals`);
  const text = fixed.replace(/\.?0+$/, '');
  return text === '' || text === '-0' ? '0' : text;
}

const decimalsOf = (value: number) => {
  const text = canonicalDecimal(value);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
};

const significantFigures = (value: number) =>
  canonicalDecimal(value).replace('.', '').replace(/^0+/, '').length;

/** Decimals a price may carry on this asset. */
export const priceDecimals = (szDecimals: number) => PERP_MAX_DECIMALS - szDecimals;

/** Whether the venue accepts this price for a perp with `szDecimals` (notes §5.2). */
export function isValidPrice(price: number, szDecimals: number): boolean {
  if (!(price > 0) || !Number.isFinite(price)) return false;
  if (Number.isInteger(price)) return true;
  try {
    return significantFigures(price) <= 5 && decimalsOf(price) <= priceDecimals(szDecimals);
  } catch {
    return false;
  }
}

/** Whether `size` is a positive multiple of the lot (10^−szDecimals). */
export function isValidSize(size: number, szDecimals: number): boolean {
  if (!(size > 0) || !Number.isFinite(size)) return false;
  try {
    return decimalsOf(size) <= szDecimals;
  } catch {
    return false;
  }
}

/**
 * A computed price (slippage, a trigger's worst price) made valid: 5 significant figures, then the asset's
 * decimals, rounded `up` or `down` so an aggressive price stays at least as aggressive as asked. Integers stay.
 */
export function roundPrice(price: number, szDecimals: number, direction: 'up' | 'down'): number {
  if (!(price > 0)) throw new RangeError(`price must be positive: ${price}`);
  const round = direction === 'up' ? Math.ceil : Math.floor;
  const magnitude = Math.floor(Math.log10(price));
  const decimals = Math.min(priceDecimals(szDecimals), Math.max(0, 4 - magnitude));
  const scale = 10 ** decimals;
  // Integers are valid whatever their figures, so a price ≥ 100 000 rounds to a whole number.
  const rounded = round(Number((price * scale).toPrecision(15))) / scale;
  return Number(rounded.toFixed(decimals));
}

/** A size truncated to the lot (toward zero), as the venue would read it. */
export function truncateSize(size: number, szDecimals: number): number {
  const scale = 10 ** szDecimals;
  return Math.floor(Number((size * scale).toPrecision(15))) / scale;
}
