import type { ChainSnapshot } from './chain.js';
import { type ExpiryFilter, expiryGroups } from './selection.js';
import { atmIv, ivAtDelta, ivAtLogMoneyness } from './smile.js';

/** The skew family: OI-weighted skew (§9.4), smile asymmetry (§9.5), ATM vs wings (§9.6), 25-delta (§9.8). */

const diff = (a: number | null, b: number | null) => (a === null || b === null ? null : a - b);

export interface OiSkewRow {
  expiry: number | null;
  iv_put_oi: number | null;
  iv_call_oi: number | null;
  oi_weighted_skew: number | null;
  otm_put_oi: number;
  otm_call_oi: number;
}

function oiSkewOver(chain: ChainSnapshot, indices: readonly number[], expiry: number | null): OiSkewRow {
  let putOi = 0;
  let putIv = 0;
  let callOi = 0;
  let callIv = 0;
  for (const i of indices) {
    const strike = chain.strike[i]!;
    const oi = chain.openInterest[i]!;
    if (chain.isCall[i] === 1 && strike > chain.forward[i]!) {
      callOi += oi;
      callIv += oi * chain.markIv[i]!;
    } else if (chain.isCall[i] === 0 && strike < chain.forward[i]!) {
      putOi += oi;
      putIv += oi * chain.markIv[i]!;
    }
  }
  const ivPut = putOi > 0 ? putIv / putOi : null;
  const ivCall = callOi > 0 ? callIv / callOi : null;
  return {
    expiry,
    iv_put_oi: ivPut,
    iv_call_oi: ivCall,
    oi_weighted_skew: diff(ivPut, ivCall),
    otm_put_oi: putOi,
    otm_call_oi: callOi,
  };
}

/** Per expiry and pooled over the selection: OI-weighted mark_iv of OTM puts minus that of OTM calls. */
export function oiWeightedSkew(chain: ChainSnapshot, filter: ExpiryFilter) {
  const groups = expiryGroups(chain, filter);
  return {
    pooled: oiSkewOver(
      chain,
      groups.flatMap((group) => group.indices),
      null,
    ),
    by_expiry: groups.map((group) => oiSkewOver(chain, group.indices, group.expiry)),
  };
}

/** Per expiry, for each m: `asym = IV(−m) − IV(+m)`, `curvature = (IV(−m) + IV(+m))/2 − IV(0)`, k = ln(K/F). */
export function smileAsymmetry(chain: ChainSnapshot, filter: ExpiryFilter, moneyness: readonly number[]) {
  return expiryGroups(chain, filter).map((group) => {
    const center = ivAtLogMoneyness(chain, group, 0);
    return {
      expiry: group.expiry,
      dte: group.dte,
      forward: group.forward,
      iv_atm: center,
      points: moneyness.map((m) => {
        const down = ivAtLogMoneyness(chain, group, -m);
        const up = ivAtLogMoneyness(chain, group, m);
        return {
          m,
          iv_down: down,
          iv_up: up,
          asym: diff(down, up),
          curvature: down === null || up === null || center === null ? null : (down + up) / 2 - center,
        };
      }),
    };
  });
}

/** Per expiry: 25Δ and 10Δ wings against ATM (butterflies and the 25Δ ratio). */
export function atmVsWings(chain: ChainSnapshot, filter: ExpiryFilter) {
  return expiryGroups(chain, filter).map((group) => {
    const atm = atmIv(chain, group);
    const wing = (delta: number) => {
      const c = ivAtDelta(chain, group, 'call', delta);
      const p = ivAtDelta(chain, group, 'put', -delta);
      return c === null || p === null ? null : (c + p) / 2;
    };
    const wing25 = wing(0.25);
    const wing10 = wing(0.1);
    return {
      expiry: group.expiry,
      dte: group.dte,
      atm_iv: atm,
      wing25,
      wing10,
      wing_premium25: diff(wing25, atm),
      wing_premium10: diff(wing10, atm),
      ratio25: wing25 === null || !atm ? null : wing25 / atm,
    };
  });
}

/** Per expiry: IV25C, IV25P by interpolation in delta, skew = P − C, rr = C − P, bf, normalised skew. */
export function skew25d(chain: ChainSnapshot, filter: ExpiryFilter) {
  return expiryGroups(chain, filter).map((group) => {
    const atm = atmIv(chain, group);
    const c = ivAtDelta(chain, group, 'call', 0.25);
    const p = ivAtDelta(chain, group, 'put', -0.25);
    const skew = diff(p, c);
    return {
      expiry: group.expiry,
      dte: group.dte,
      atm_iv: atm,
      iv_25c: c,
      iv_25p: p,
      skew_25d: skew,
      rr_25: skew === null ? null : -skew,
      bf_25: c === null || p === null || atm === null ? null : (c + p) / 2 - atm,
      normalized_skew: skew === null || !atm ? null : skew / atm,
    };
  });
}
