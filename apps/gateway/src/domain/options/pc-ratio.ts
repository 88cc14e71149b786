import type { ChainSnapshot } from './chain.js';
import { type ExpiryFilter, expiryGroups } from './selection.js';

/**
 * Put/call ratios (notes §9.7): by open interest, by 24 h volume, and premium-weighted OI
 * (`Σ OI · mark_price · S` per side, USD). Zero denominator → null.
 */
export interface PcRow {
  expiry: number | null;
  put_oi: number;
  call_oi: number;
  pcr_oi: number | null;
  put_volume: number;
  call_volume: number;
  pcr_volume: number | null;
  put_premium_usd: number;
  call_premium_usd: number;
  pcr_premium: number | null;
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

function pcOver(chain: ChainSnapshot, indices: readonly number[], expiry: number | null): PcRow {
  const sums = {
    put_oi: 0,
    call_oi: 0,
    put_volume: 0,
    call_volume: 0,
    put_premium_usd: 0,
    call_premium_usd: 0,
  };
  for (const i of indices) {
    const oi = chain.openInterest[i]!;
    const mark = chain.markPrice[i]!;
    const premium = Number.isFinite(mark) ? oi * mark * chain.spot : 0;
    if (chain.isCall[i] === 1) {
      sums.call_oi += oi;
      sums.call_volume += chain.volume[i]!;
      sums.call_premium_usd += premium;
    } else {
      sums.put_oi += oi;
      sums.put_volume += chain.volume[i]!;
      sums.put_premium_usd += premium;
    }
  }
  return {
    expiry,
    ...sums,
    pcr_oi: ratio(sums.put_oi, sums.call_oi),
    pcr_volume: ratio(sums.put_volume, sums.call_volume),
    pcr_premium: ratio(sums.put_premium_usd, sums.call_premium_usd),
  };
}

export function pcRatio(chain: ChainSnapshot, filter: ExpiryFilter) {
  const groups = expiryGroups(chain, filter);
  return {
    total: pcOver(
      chain,
      groups.flatMap((group) => group.indices),
      null,
    ),
    by_expiry: groups.map((group) => pcOver(chain, group.indices, group.expiry)),
  };
}
