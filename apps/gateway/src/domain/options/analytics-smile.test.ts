import { describe, expect, it } from 'vitest';
import { E1, E2, handChain, handD1, T0 } from './hand-chain.test-helper.js';
import { normalCdf } from './normal.js';
import { pcRatio } from './pc-ratio.js';
import { atmVsWings, oiWeightedSkew, skew25d, smileAsymmetry } from './skew.js';
import { termShape, termStructure } from './term-structure.js';

const tau1 = (E1 - T0) / (365 * 86_400_000);
const lerp = (x0: number, y0: number, x1: number, y1: number, x: number) =>
  y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);

describe('get_oi_weighted_skew', () => {
  it('OTM puts minus OTM calls, OI-weighted, per expiry and pooled', () => {
    const { pooled, by_expiry } = oiWeightedSkew(handChain(), {});
    // E1 (F 100 000): puts 85k (OI 400, 58) and 95k (600, 52); calls 110k (500, 48) and 120k (200, 50).
    const e1Put = (400 * 58 + 600 * 52) / 1000;
    const e1Call = (500 * 48 + 200 * 50) / 700;
    expect(by_expiry[0]!.oi_weighted_skew).toBeCloseTo(e1Put - e1Call, 12);
    // E2 (F 101 000): puts 90k (200, 56) and 100k (120, 54); call 110k (80, 52).
    expect(by_expiry[1]!.iv_put_oi).toBeCloseTo((200 * 56 + 120 * 54) / 320, 12);
    expect(by_expiry[1]!.iv_call_oi).toBe(52);
    expect(pooled.otm_put_oi).toBe(1320);
    expect(pooled.iv_put_oi).toBeCloseTo((400 * 58 + 600 * 52 + 200 * 56 + 120 * 54) / 1320, 12);
    expect(pooled.iv_call_oi).toBeCloseTo((500 * 48 + 200 * 50 + 80 * 52) / 780, 12);
  });
});

describe('get_smile_asymmetry', () => {
  it('IV at ±m by linear interpolation in ln(K/F); null beyond the listed strikes', () => {
    const [e1] = smileAsymmetry(handChain(), { expiry: E1 }, [0.1, 0.2]);
    const k = (strike: number) => Math.log(strike / 100_000);
    // Strike smile E1: 85k 58, 90k 55, 95k 52, 100k 50, 110k 48, 120k 50.
    const down = lerp(k(90_000), 55, k(95_000), 52, -0.1); // ln 0.90 = −0.105 < −0.1 < ln 0.95
    const up = lerp(k(110_000), 48, k(120_000), 50, 0.1);
    expect(e1!.iv_atm).toBe(50);
    expect(e1!.points[0]!.asym).toBeCloseTo(down - up, 12);
    expect(e1!.points[0]!.curvature).toBeCloseTo((down + up) / 2 - 50, 12);
    expect(e1!.points[1]!.iv_down).toBeNull(); // ln(0.85) = −0.1625 > −0.2
    expect(e1!.points[1]!.asym).toBeNull();
  });
});

describe('get_skew_25d and get_atm_vs_wings_vol', () => {
  const c110 = normalCdf(handD1(100_000, 110_000, 48, tau1));
  const c120 = normalCdf(handD1(100_000, 120_000, 50, tau1));
  const p85 = -normalCdf(-handD1(100_000, 85_000, 58, tau1));
  const p95 = -normalCdf(-handD1(100_000, 95_000, 52, tau1));
  const iv25c = lerp(c110, 48, c120, 50, 0.25);
  const iv25p = lerp(p85, 58, p95, 52, -0.25);

  it('bracketed: interpolation in delta between neighbouring OTM strikes', () => {
    expect(c110).toBeGreaterThan(0.25);
    expect(c120).toBeLessThan(0.25);
    const [e1, e2] = skew25d(handChain(), {});
    expect(e1!.iv_25c).toBeCloseTo(iv25c, 12);
    expect(e1!.iv_25p).toBeCloseTo(iv25p, 12);
    expect(e1!.skew_25d).toBeCloseTo(iv25p - iv25c, 12);
    expect(e1!.rr_25).toBeCloseTo(iv25c - iv25p, 12);
    expect(e1!.bf_25).toBeCloseTo((iv25c + iv25p) / 2 - 50, 12);
    // E2 has a single OTM call (110k): nothing brackets 0.25 → null, no extrapolation.
    expect(e2!.iv_25c).toBeNull();
    expect(e2!.skew_25d).toBeNull();
  });

  it('wings: 25Δ premium over ATM, 10Δ not bracketed (deepest call Δ ≈ 0.14) → null', () => {
    const [e1] = atmVsWings(handChain(), { expiry: E1 });
    expect(e1!.atm_iv).toBe(50);
    expect(e1!.wing25).toBeCloseTo((iv25c + iv25p) / 2, 12);
    expect(e1!.wing_premium25).toBeCloseTo((iv25c + iv25p) / 2 - 50, 12);
    expect(e1!.ratio25).toBeCloseTo((iv25c + iv25p) / 2 / 50, 12);
    expect(e1!.wing10).toBeNull();
  });
});

describe('get_term_structure', () => {
  it('ATM by strike interpolation at F, total-variance constant maturities, shape', () => {
    const result = termStructure(handChain(), { tenors: [30, 60, 200], threshold: 1 });
    // E2: F = 101 000 between 100k (call and put 54) and 110k (call 52): 54 − 2 · 0.1.
    expect(result.expiries.map((p) => p.atm_iv)).toEqual([50, expect.closeTo(53.8, 12)]);
    expect(result.expiries[0]!.dte).toBeCloseTo(36.5, 9);
    expect(result.shape).toBe('contango');
    const va = 0.5 ** 2 * 36.5;
    const vb = 0.538 ** 2 * 146;
    const v60 = va + ((vb - va) * (60 - 36.5)) / (146 - 36.5);
    expect(result.constant_maturity[0]!.atm_iv).toBeNull(); // 30 d is before the first expiry
    expect(result.constant_maturity[1]!.atm_iv).toBeCloseTo(100 * Math.sqrt(v60 / 60), 9);
    expect(result.constant_maturity[2]!.atm_iv).toBeNull();
  });

  it('shapes: backwardation, flat within the threshold, humped', () => {
    expect(termShape([60, 55, 50], 1)).toBe('backwardation');
    expect(termShape([50, 50.5], 1)).toBe('flat');
    expect(termShape([50, 58, 51], 1)).toBe('humped');
    expect(termShape([50, 52, 55], 1)).toBe('contango');
  });
});

describe('get_pc_ratio', () => {
  it('by OI, by volume and by premium, per expiry and in total', () => {
    const { total, by_expiry } = pcRatio(handChain(), {});
    expect(total.put_oi).toBe(400 + 600 + 250 + 50 + 120 + 200);
    expect(total.call_oi).toBe(100 + 300 + 500 + 200 + 150 + 80);
    expect(total.pcr_oi).toBeCloseTo(1620 / 1330, 12);
    expect(by_expiry[1]!.pcr_volume).toBeCloseTo((10 + 12) / (15 + 8), 12);
    expect(by_expiry[1]!.put_premium_usd).toBeCloseTo((120 * 0.13 + 200 * 0.07) * 100_000, 6);
    expect(pcRatio(handChain(), { expiry: E2 + 1 }).total.pcr_oi).toBeNull();
  });
});
