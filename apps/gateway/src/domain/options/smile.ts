import { black76Delta } from './black76.js';
import type { ChainSnapshot } from './chain.js';
import type { ExpiryGroup } from './selection.js';

/** Reading one expiry's smile: IV by strike, at the forward, by log-moneyness, by delta (notes §9.5, §9.8, §9.9). */

/** Linear interpolation of y at x over ascending xs; null outside [xs[0], xs[last]] (no extrapolation). */
export function interpolate(xs: readonly number[], ys: readonly number[], x: number): number | null {
  for (let j = 0; j + 1 < xs.length; j++) {
    const x0 = xs[j]!;
    const x1 = xs[j + 1]!;
    if (x >= x0 && x <= x1)
      return x1 === x0 ? ys[j]! : ys[j]! + ((ys[j + 1]! - ys[j]!) * (x - x0)) / (x1 - x0);
  }
  return xs.length === 1 && xs[0] === x ? ys[0]! : null;
}

/** Each strike once, ascending, with the mean of its call and put mark_iv (percent). */
export function strikeSmile(chain: ChainSnapshot, group: ExpiryGroup): { strikes: number[]; ivs: number[] } {
  const sums = new Map<number, { sum: number; count: number }>();
  for (const i of group.indices) {
    const entry = sums.get(chain.strike[i]!) ?? { sum: 0, count: 0 };
    entry.sum += chain.markIv[i]!;
    entry.count += 1;
    sums.set(chain.strike[i]!, entry);
  }
  const strikes = [...sums.keys()].sort((a, b) => a - b);
  return { strikes, ivs: strikes.map((k) => sums.get(k)!.sum / sums.get(k)!.count) };
}

/** ATM IV (§9.9): the strike smile interpolated linearly in strike at K = F; null when F is not bracketed. */
export function atmIv(chain: ChainSnapshot, group: ExpiryGroup): number | null {
  const { strikes, ivs } = strikeSmile(chain, group);
  return interpolate(strikes, ivs, group.forward);
}

/** IV at log-moneyness k = ln(K/F), linear in k (§9.5); null when not bracketed. */
export function ivAtLogMoneyness(chain: ChainSnapshot, group: ExpiryGroup, k: number): number | null {
  const { strikes, ivs } = strikeSmile(chain, group);
  return interpolate(
    strikes.map((strike) => Math.log(strike / group.forward)),
    ivs,
    k,
  );
}

/**
 * IV at a target delta (§9.8): over the expiry's OTM options of one type (calls K > F, puts K < F), deltas
 * from mark_iv, linear interpolation in delta between the two neighbouring strikes that bracket the target;
 * null if none do (no extrapolation).
 */
export function ivAtDelta(
  chain: ChainSnapshot,
  group: ExpiryGroup,
  type: 'call' | 'put',
  target: number,
): number | null {
  const call = type === 'call';
  const points: { delta: number; iv: number; strike: number }[] = [];
  for (const i of group.indices) {
    if ((chain.isCall[i] === 1) !== call) continue;
    const strike = chain.strike[i]!;
    if (call ? strike <= chain.forward[i]! : strike >= chain.forward[i]!) continue;
    const delta = black76Delta(chain.forward[i]!, strike, chain.vol[i]!, chain.years[i]!, call);
    points.push({ delta, iv: chain.markIv[i]!, strike });
  }
  points.sort((a, b) => a.strike - b.strike);
  // Neighbouring strikes only: deltas are monotone in strike, so consecutive pairs are the brackets.
  for (let j = 0; j + 1 < points.length; j++) {
    const a = points[j]!;
    const b = points[j + 1]!;
    const lo = Math.min(a.delta, b.delta);
    const hi = Math.max(a.delta, b.delta);
    if (target >= lo && target <= hi)
      return a.delta === b.delta ? a.iv : a.iv + ((b.iv - a.iv) * (target - a.delta)) / (b.delta - a.delta);
  }
  return null;
}
