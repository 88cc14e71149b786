import { black76Gamma } from './black76.js';
import type { ChainSnapshot } from './chain.js';
import { dealerSign, type SignConvention } from './dealer-sign.js';
import { type ExpiryFilter, selectOptions } from './selection.js';

/**
 * Gamma exposure (notes §9.1): `GEX_i = s_i · Γ_i · OI_i · S² · 0.01`, USD of underlying dealer hedging
 * trades for a 1 % move; Γ with respect to the forward, S the index. O(n).
 */
export interface GexOptions extends ExpiryFilter {
  signConvention: SignConvention;
}

export interface GexByStrike {
  strike: number;
  call_gex: number;
  put_gex: number;
  net_gex: number;
}

export interface GexResult {
  spot: number;
  total_gex_usd: number;
  /** `total_gex_usd / S`. */
  total_gex_coin: number;
  by_strike: GexByStrike[];
  options_used: number;
}

export function gex(chain: ChainSnapshot, options: GexOptions): GexResult {
  const s = chain.spot;
  const byStrike = new Map<number, GexByStrike>();
  let total = 0;
  const used = selectOptions(chain, options);
  for (const i of used) {
    const call = chain.isCall[i] === 1;
    const gamma = black76Gamma(chain.forward[i]!, chain.strike[i]!, chain.vol[i]!, chain.years[i]!);
    const value = dealerSign(options.signConvention, call) * gamma * chain.openInterest[i]! * s * s * 0.01;
    total += value;
    const strike = chain.strike[i]!;
    let row = byStrike.get(strike);
    if (!row) {
      row = { strike, call_gex: 0, put_gex: 0, net_gex: 0 };
      byStrike.set(strike, row);
    }
    if (call) row.call_gex += value;
    else row.put_gex += value;
    row.net_gex += value;
  }
  return {
    spot: s,
    total_gex_usd: total,
    total_gex_coin: total / s,
    by_strike: [...byStrike.values()].sort((a, b) => a.strike - b.strike),
    options_used: used.length,
  };
}
