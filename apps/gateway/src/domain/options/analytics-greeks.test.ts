import { describe, expect, it } from 'vitest';
import { chainFromOptions } from './chain.js';
import { findByDelta } from './find-by-delta.js';
import { gammaProfile } from './gamma-profile.js';
import { gex } from './gex.js';
import { E1, E2, HAND_OPTIONS, handChain, handD1, handGamma, SPOT, T0 } from './hand-chain.test-helper.js';
import { normalCdf } from './normal.js';
import { vannaCharm } from './vanna-charm.js';

const tauOf = (expiry: number) => (expiry - T0) / (365 * 86_400_000);
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

/** GEX of one option by hand: Γ(F, K, σ, τ) · OI · S² · 0.01 (unsigned). */
const handGex = (i: number) => {
  const o = HAND_OPTIONS[i]!;
  return handGamma(o.forward, o.strike, o.markIv, tauOf(o.expiry)) * o.openInterest * SPOT * SPOT * 0.01;
};
const isCall = (i: number) => HAND_OPTIONS[i]!.type === 'call';
const all = HAND_OPTIONS.map((_, i) => i);

describe('get_gex on the hand chain', () => {
  const unsigned = all.reduce((sum, i) => sum + handGex(i), 0);
  const calls = all.filter(isCall).reduce((sum, i) => sum + handGex(i), 0);

  it('totals under each sign convention', () => {
    expect(rel(gex(handChain(), { signConvention: 'unsigned' }).total_gex_usd, unsigned)).toBeLessThan(1e-12);
    expect(
      rel(gex(handChain(), { signConvention: 'dealer_short_all' }).total_gex_usd, -unsigned),
    ).toBeLessThan(1e-12);
    const dealer = gex(handChain(), { signConvention: 'dealer_long_call_short_put' });
    expect(rel(dealer.total_gex_usd, calls - (unsigned - calls))).toBeLessThan(1e-12);
    expect(rel(dealer.total_gex_coin, dealer.total_gex_usd / SPOT)).toBeLessThan(1e-15);
  });

  it('by strike: the 100 000 strike sums both expiries, call minus put under the default', () => {
    const row = gex(handChain(), { signConvention: 'dealer_long_call_short_put' }).by_strike.find(
      (r) => r.strike === 100_000,
    )!;
    // indices 1 (E1 C), 6 (E1 P), 8 (E2 C), 9 (E2 P)
    expect(rel(row.call_gex, handGex(1) + handGex(8))).toBeLessThan(1e-12);
    expect(rel(row.put_gex, -(handGex(6) + handGex(9)))).toBeLessThan(1e-12);
    expect(rel(row.net_gex, row.call_gex + row.put_gex)).toBeLessThan(1e-12);
  });

  it('the expiry filter keeps one expiry, max DTE drops the far one', () => {
    const e2 = gex(handChain(), { signConvention: 'unsigned', expiry: E2 });
    expect(e2.options_used).toBe(4);
    expect(
      rel(
        e2.total_gex_usd,
        [8, 9, 10, 11].reduce((s, i) => s + handGex(i), 0),
      ),
    ).toBeLessThan(1e-12);
    expect(gex(handChain(), { signConvention: 'unsigned', maxDte: 40 }).options_used).toBe(8);
  });
});

describe('get_dealer_gamma_profile', () => {
  // Dealers long a 90 000 call and short a 110 000 put: positive gamma below, negative above.
  const pair = chainFromOptions(
    'BTC',
    [
      { ...HAND_OPTIONS[0]!, strike: 90_000, markIv: 50, openInterest: 100 },
      { ...HAND_OPTIONS[7]!, strike: 110_000, markIv: 50, openInterest: 100 },
    ],
    SPOT,
    T0,
  );
  const profileByHand = (x: number) => {
    const tau = tauOf(E1);
    const f = (100_000 * x) / SPOT;
    return (handGamma(f, 90_000, 50, tau) - handGamma(f, 110_000, 50, tau)) * 100 * x * x * 0.01;
  };

  it('finds the zero-gamma level by linear interpolation between the bracketing grid points', () => {
    const result = gammaProfile(pair, {
      signConvention: 'dealer_long_call_short_put',
      width: 0.25,
      steps: 101,
    });
    expect(result.levels[0]).toBe(75_000);
    expect(result.levels[100]).toBeCloseTo(125_000, 6);
    expect(rel(result.gex[10]!, profileByHand(80_000))).toBeLessThan(1e-10);
    expect(result.zero_gamma_levels).toHaveLength(1);
    const crossing = result.zero_gamma!;
    const j = Math.floor((crossing - 75_000) / 500);
    const [x0, x1] = [75_000 + 500 * j, 75_000 + 500 * (j + 1)];
    const [g0, g1] = [profileByHand(x0), profileByHand(x1)];
    expect(Math.sign(g0)).toBe(-Math.sign(g1));
    expect(crossing).toBeCloseTo(x0 + ((x1 - x0) * g0) / (g0 - g1), 6);
    // Symmetric-ish pair: the flip lies between the strikes, near their geometric mean.
    expect(crossing).toBeGreaterThan(95_000);
    expect(crossing).toBeLessThan(105_000);
  });

  it('no crossing under one sign → null; unsigned gamma never crosses', () => {
    expect(gammaProfile(pair, { signConvention: 'unsigned', width: 0.25, steps: 101 }).zero_gamma).toBeNull();
  });
});

describe('get_vanna_charm', () => {
  it('VEX and CEX per expiry from −φ(d1)d2/σ and φ(d1)d2/(2τ)', () => {
    const result = vannaCharm(handChain(), { signConvention: 'dealer_long_call_short_put' });
    let vex = 0;
    let cex = 0;
    for (const i of [0, 1, 2, 3, 4, 5, 6, 7]) {
      const o = HAND_OPTIONS[i]!;
      const tau = tauOf(E1);
      const sigma = o.markIv / 100;
      const d1 = handD1(o.forward, o.strike, o.markIv, tau);
      const d2 = d1 - sigma * Math.sqrt(tau);
      const pdf = Math.exp((-d1 * d1) / 2) / Math.sqrt(2 * Math.PI);
      const s = isCall(i) ? 1 : -1;
      vex += s * ((-pdf * d2) / sigma / 100) * o.openInterest * SPOT;
      cex += s * ((pdf * d2) / (2 * tau) / 365) * o.openInterest * SPOT;
    }
    expect(result.by_expiry).toHaveLength(2);
    expect(rel(result.by_expiry[0]!.vex_usd, vex)).toBeLessThan(1e-10);
    expect(rel(result.by_expiry[0]!.cex_usd, cex)).toBeLessThan(1e-10);
    expect(result.total_vex_usd).toBeCloseTo(result.by_expiry[0]!.vex_usd + result.by_expiry[1]!.vex_usd, 6);
  });
});

describe('find_by_delta', () => {
  it('picks the call whose delta is nearest 0.25 and a put for −0.25 (or |0.25| with put)', () => {
    const tau = tauOf(E1);
    const d110 = normalCdf(handD1(100_000, 110_000, 48, tau));
    const d120 = normalCdf(handD1(100_000, 120_000, 50, tau));
    const nearest = Math.abs(d110 - 0.25) < Math.abs(d120 - 0.25) ? 110_000 : 120_000;
    const call = findByDelta(handChain(), E1, 'call', 0.25)!;
    expect(HAND_OPTIONS[call.index]!.strike).toBe(nearest);
    const put = findByDelta(handChain(), E1, 'put', 0.25)!;
    // Put deltas −N(−d1): ≈ −0.164 at 85 000 (0.086 away) beats ≈ −0.347 at 95 000 (0.097 away).
    const p85 = -normalCdf(-handD1(100_000, 85_000, 58, tau));
    const p95 = -normalCdf(-handD1(100_000, 95_000, 52, tau));
    expect(Math.abs(p85 + 0.25)).toBeLessThan(Math.abs(p95 + 0.25));
    expect(HAND_OPTIONS[put.index]!.strike).toBe(85_000);
    expect(put.delta).toBe(p85);
    expect(put.delta).toBeLessThan(0);
  });

  it('a tie goes to the larger open interest; an unknown expiry finds nothing', () => {
    const twin = chainFromOptions(
      'BTC',
      [
        { ...HAND_OPTIONS[2]!, name: 'a', openInterest: 10 },
        { ...HAND_OPTIONS[2]!, name: 'b', openInterest: 90 },
      ],
      SPOT,
      T0,
    );
    expect(twin.names[findByDelta(twin, E1, 'call', 0.3)!.index]).toBe('b');
    expect(findByDelta(twin, E2, 'call', 0.3)).toBeNull();
  });
});
