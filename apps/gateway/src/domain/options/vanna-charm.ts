import type { ChainSnapshot } from './chain.js';
import { chainGreeks } from './chain.js';
import { dealerSign, type SignConvention } from './dealer-sign.js';
import { type ExpiryFilter, expiryGroups } from './selection.js';

/**
 * Dealer vanna and charm exposure (notes §9.3, [gateway convention], same `s_i` as GEX):
 * `VEX = Σ s_i (vanna_i/100) OI_i S` (USD delta change for +1 vol point),
 * `CEX = Σ s_i (charm_i/365) OI_i S` (USD delta change per calendar day).
 */
export interface VannaCharmOptions extends ExpiryFilter {
  signConvention: SignConvention;
}

export interface VannaCharmRow {
  expiry: number;
  dte: number;
  vex_usd: number;
  cex_usd: number;
}

export interface VannaCharmResult {
  spot: number;
  total_vex_usd: number;
  total_cex_usd: number;
  by_expiry: VannaCharmRow[];
}

export function vannaCharm(chain: ChainSnapshot, options: VannaCharmOptions): VannaCharmResult {
  const greeks = chainGreeks(chain);
  const s = chain.spot;
  const rows: VannaCharmRow[] = [];
  let vexTotal = 0;
  let cexTotal = 0;
  for (const group of expiryGroups(chain, options)) {
    let vex = 0;
    let cex = 0;
    for (const i of group.indices) {
      const weight = dealerSign(options.signConvention, chain.isCall[i] === 1) * chain.openInterest[i]! * s;
      vex += (weight * greeks.vanna[i]!) / 100;
      cex += (weight * greeks.charm[i]!) / 365;
    }
    rows.push({ expiry: group.expiry, dte: group.dte, vex_usd: vex, cex_usd: cex });
    vexTotal += vex;
    cexTotal += cex;
  }
  return { spot: s, total_vex_usd: vexTotal, total_cex_usd: cexTotal, by_expiry: rows };
}
