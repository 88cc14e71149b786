import { normalCdf, normalPdf } from './normal.js';

/**
 * Black-76 on the forward with r = 0, Deribit's convention (notes optx-deribit.md §7): `F` = the expiry's
 * forward (`underlying_price`), `σ` = mark_iv / 100, `τ` in years of 365 days. Units are those of
 * `ticker.greeks`: price and theta in USD (quote) per contract of 1 coin, vega per vol point, theta per
 * calendar day; gamma per 1 USD move of the forward. Vanna is ∂Δ/∂σ per 1.00 of σ, charm −∂Δ/∂τ per year
 * (notes §9.3; divide by 100 and 365 for per vol point and per day).
 */

export const YEAR_MS = 365 * 86_400_000;

/** Years from `nowMs` to `expiryMs` on the 365-day year; 0 once expired. */
export const yearsTo = (expiryMs: number, nowMs: number) => Math.max(0, (expiryMs - nowMs) / YEAR_MS);

/** Option inputs as columns: `isCall[i]` is 1 for a call, 0 for a put. */
export interface OptionColumns {
  forward: Float64Array;
  strike: Float64Array;
  vol: Float64Array;
  years: Float64Array;
  isCall: Uint8Array;
}

export interface GreekColumns {
  price: Float64Array;
  delta: Float64Array;
  gamma: Float64Array;
  vega: Float64Array;
  theta: Float64Array;
  vanna: Float64Array;
  charm: Float64Array;
}

export function allocateGreeks(n: number): GreekColumns {
  return {
    price: new Float64Array(n),
    delta: new Float64Array(n),
    gamma: new Float64Array(n),
    vega: new Float64Array(n),
    theta: new Float64Array(n),
    vanna: new Float64Array(n),
    charm: new Float64Array(n),
  };
}

/**
 * Price and greeks of every option, written into `out` (one pass, no allocation). An expired option or one
 * without a vol is worth its intrinsic value with a 0/±1 delta and no other greek.
 */
export function black76Greeks(options: OptionColumns, out: GreekColumns): GreekColumns {
  const n = options.strike.length;
  for (let i = 0; i < n; i++) {
    const f = options.forward[i]!;
    const k = options.strike[i]!;
    const sigma = options.vol[i]!;
    const tau = options.years[i]!;
    const call = options.isCall[i] === 1;
    if (!(tau > 0 && sigma > 0)) {
      out.price[i] = Math.max(0, call ? f - k : k - f);
      out.delta[i] = call ? (f > k ? 1 : 0) : f < k ? -1 : 0;
      out.gamma[i] = out.vega[i] = out.theta[i] = out.vanna[i] = out.charm[i] = 0;
      continue;
    }
    const sqrtTau = Math.sqrt(tau);
    const spread = sigma * sqrtTau;
    const d1 = (Math.log(f / k) + (spread * spread) / 2) / spread;
    const d2 = d1 - spread;
    const pdf = normalPdf(d1);
    out.price[i] = call ? f * normalCdf(d1) - k * normalCdf(d2) : k * normalCdf(-d2) - f * normalCdf(-d1);
    out.delta[i] = call ? normalCdf(d1) : -normalCdf(-d1);
    out.gamma[i] = pdf / (f * spread);
    out.vega[i] = (f * pdf * sqrtTau) / 100;
    out.theta[i] = -(f * pdf * sigma) / (2 * sqrtTau) / 365;
    out.vanna[i] = (-pdf * d2) / sigma;
    out.charm[i] = (pdf * d2) / (2 * tau);
  }
  return out;
}

/** Gamma alone (the dealer profile's inner loop: grid × chain), per 1 USD move of the forward. */
export function black76Gamma(forward: number, strike: number, vol: number, years: number): number {
  if (!(years > 0 && vol > 0)) return 0;
  const spread = vol * Math.sqrt(years);
  const d1 = (Math.log(forward / strike) + (spread * spread) / 2) / spread;
  return normalPdf(d1) / (forward * spread);
}

/** Delta alone, for searches by delta (find_by_delta, 25-delta interpolation). */
export function black76Delta(
  forward: number,
  strike: number,
  vol: number,
  years: number,
  call: boolean,
): number {
  if (!(years > 0 && vol > 0)) return call ? (forward > strike ? 1 : 0) : forward < strike ? -1 : 0;
  const spread = vol * Math.sqrt(years);
  const d1 = (Math.log(forward / strike) + (spread * spread) / 2) / spread;
  return call ? normalCdf(d1) : -normalCdf(-d1);
}
