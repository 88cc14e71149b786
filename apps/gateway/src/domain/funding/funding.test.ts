import { describe, expect, it } from 'vitest';
import { arbSpread, normaliseFunding, summariseFunding, type VenueFunding } from './funding.js';
import { assetOfSymbol, venueSymbol } from './symbols.js';

const NOW = 1750032123000;
const row = (
  venue: VenueFunding['venue'],
  rate: number,
  hours: number,
  kind = 'predicted_next',
): VenueFunding => ({
  venue,
  asset: 'BTC',
  symbol: venueSymbol(venue, 'BTC')!,
  rateInterval: rate,
  intervalHours: hours,
  rateKind: kind as VenueFunding['rateKind'],
  nextFundingTime: 1750060800000,
  markPrice: 105702.1,
  asOf: NOW,
});

describe('funding normalisation, worked by hand (notes S11 and the cross-check values)', () => {
  it('an 8 h venue: Binance 0.0001 per 8 h → rate_1h 0.0000125, rate_8h 0.0001, 0.0001 × 1095 × 100 = 10.95 %', () => {
    const binance = normaliseFunding(row('binance', 0.0001, 8), NOW);
    expect(binance.rate_1h).toBe(0.0000125);
    expect(binance.rate_8h).toBe(0.0001);
    expect(binance.annualized_pct).toBe(10.95);
  });

  it('a 1 h venue: Hyperliquid 0.0000125 per hour → rate_8h 0.0001, 0.0000125 × 8760 × 100 = 10.95 %', () => {
    const hyperliquid = normaliseFunding(row('hyperliquid', 0.0000125, 1), NOW);
    expect(hyperliquid.rate_1h).toBe(0.0000125);
    expect(hyperliquid.rate_8h).toBe(0.0001);
    expect(hyperliquid.annualized_pct).toBe(10.95);
  });

  it('a 4 h venue at 0.00005 → rate_8h 0.0001', () => {
    expect(normaliseFunding(row('bybit', 0.00005, 4), NOW).rate_8h).toBe(0.0001);
  });

  it('the notes’ venue examples annualise to 5.30, 6.57, 7.80, 10.95 and 2.31 %', () => {
    const pct = (venue: VenueFunding['venue'], rate: number, hours: number) =>
      normaliseFunding(row(venue, rate, hours), NOW).annualized_pct.toFixed(2);
    expect(pct('binance', 0.00004836, 8)).toBe('5.30');
    expect(pct('bybit', 0.00006, 8)).toBe('6.57');
    expect(pct('okx', 0.0000712, 8)).toBe('7.80');
    expect(pct('hyperliquid', 0.0000125, 1)).toBe('10.95');
    expect(pct('deribit', 0.00002114, 8)).toBe('2.31');
  });

  it('arb: short Hyperliquid (1 h, 0.0001 per 8 h), long Deribit (0.00002114) → 0.00007886 per 8 h, 8.64 %/yr', () => {
    const rows = [
      row('binance', 0.00004836, 8),
      row('bybit', 0.00006, 8),
      row('okx', 0.0000712, 8),
      row('hyperliquid', 0.0000125, 1),
      row('deribit', 0.00002114, 8, 'trailing_8h'),
    ].map((r) => normaliseFunding(r, NOW));
    const arb = arbSpread('BTC', rows, { feeBpsTotal: 0, holdingHours: 72 })!;
    expect(arb.short_leg.venue).toBe('hyperliquid');
    expect(arb.short_leg.interval_h).toBe(1);
    expect(arb.long_leg.venue).toBe('deribit');
    expect(arb.spread_8h).toBe(0.00007886);
    expect(arb.spread_annualized_pct.toFixed(2)).toBe('8.64');
    expect(arb.venues_considered).toBe(5);
    // 20 bp of fees over 72 h = 9 periods of 8 h: 0.002 / 9 per 8 h off the carry.
    const withFees = arbSpread('BTC', rows, { feeBpsTotal: 20, holdingHours: 72 })!;
    expect(withFees.net_8h).toBeCloseTo(0.00007886 - 0.002 / 9, 15);
    const summary = summariseFunding(rows)!;
    expect(summary.max_venue).toBe('hyperliquid');
    expect(summary.min_venue).toBe('deribit');
    expect(summary.median_rate_8h).toBe(0.00006);
  });

  it('stale venues (as_of older than twice the interval) are left out of the arb', () => {
    const old = normaliseFunding({ ...row('hyperliquid', 0.0000125, 1), asOf: NOW - 3 * 3_600_000 }, NOW);
    expect(old.stale).toBe(true);
    const fresh = normaliseFunding(row('binance', 0.0001, 8), NOW);
    expect(arbSpread('BTC', [old, fresh], { feeBpsTotal: 0, holdingHours: 72 })).toBeNull();
  });

  it('a venue whose mark is more than 1 % from the median is left out as basis risk', () => {
    const rows = [
      row('binance', 0.0001, 8),
      row('bybit', 0.00006, 8),
      { ...row('okx', 0.0009, 8), markPrice: 105702.1 * 1.02 },
    ].map((r) => normaliseFunding(r, NOW));
    const arb = arbSpread('BTC', rows, { feeBpsTotal: 0, holdingHours: 72 })!;
    expect(arb.short_leg.venue).toBe('binance');
    expect(arb.venues_considered).toBe(2);
  });
});

describe('the cross-venue symbol map', () => {
  it('maps BTC, SOL and the 1000×/k-prefixed memecoins both ways', () => {
    expect(venueSymbol('okx', 'BTC')).toBe('BTC-USDT-SWAP');
    expect(venueSymbol('deribit', 'BTC')).toBe('BTC-PERPETUAL');
    expect(venueSymbol('deribit', 'SOL')).toBe('SOL_USDC-PERPETUAL');
    expect(venueSymbol('deribit', 'PEPE')).toBeNull();
    expect(venueSymbol('binance', 'PEPE')).toBe('1000PEPEUSDT');
    expect(venueSymbol('hyperliquid', 'PEPE')).toBe('kPEPE');
    expect(assetOfSymbol('binance', '1000PEPEUSDT')).toBe('PEPE');
    expect(assetOfSymbol('hyperliquid', 'kPEPE')).toBe('PEPE');
    expect(assetOfSymbol('deribit', 'ETH-PERPETUAL')).toBe('ETH');
  });
});
