import { describe, expect, it } from 'vitest';
import { publicMethods } from '../src/deribit/deribit-public.js';
import { surfaceState } from '../src/deribit/deribit-surface.js';
import { DVOL_PAGE_ROWS } from '../src/deribit/deribit-volatility.js';
import { black76 } from '../src/market/black76.js';
import { coinSpec } from '../src/market/coins.js';

/** The Deribit simulator's option chain, DVOL and realised-volatility methods as pure functions of (seed, now). */

const SEED = 7;
const NOW = Date.UTC(2026, 9, 2, 10, 0, 0);
const DAY = 86_400_000;
type Row = Record<string, number | string | null>;
const call = (method: string, query: Record<string, string>, now = NOW) =>
  publicMethods[method]!(SEED, now, query);

describe('option ticker and book summary', () => {
  const summaries = call('get_book_summary_by_currency', { currency: 'BTC', kind: 'option' }) as Row[];
  const instruments = call('get_instruments', { currency: 'BTC', kind: 'option' }) as Row[];
  const byName = new Map(summaries.map((row) => [row.instrument_name as string, row]));

  it('carry mark_iv, the forward and its index name, in amount units of coins', () => {
    for (const row of summaries) {
      expect(row.mark_iv).toBeGreaterThan(5);
      expect(row.underlying_price).toBeGreaterThan(0);
      expect(String(row.underlying_index)).toMatch(/^(SYN\.)?BTC-\d{1,2}[A-Z]{3}\d{2}$/);
      expect(row.interest_rate).toBe(0);
    }
  });

  it('the mark is Black-76 on the forward at mark_iv, and the ticker publishes the greeks', () => {
    const name = instruments[40]!.instrument_name as string;
    const ticker = call('ticker', { instrument_name: name }) as Row & { greeks: Row };
    const strike = instruments[40]!.strike as number;
    const years = ((instruments[40]!.expiration_timestamp as number) - NOW) / (365 * DAY);
    const f = ticker.underlying_price as number;
    const usd = black76(
      f,
      strike,
      (ticker.mark_iv as number) / 100,
      years,
      instruments[40]!.option_type as 'call',
    );
    expect(ticker.mark_price as number).toBeCloseTo(usd / f, 3);
    expect(Math.abs(ticker.greeks.delta as number)).toBeLessThanOrEqual(1);
    expect(ticker.greeks.vega).toBeGreaterThan(0);
  });

  it('open interest: most near the money, puts richer below the forward and calls above', () => {
    const expiry = instruments.at(-1)!.expiration_timestamp;
    const series = instruments.filter((row) => row.expiration_timestamp === expiry);
    const oi = (row: Row) => byName.get(row.instrument_name as string)!.open_interest as number;
    const forward = byName.get(series[0]!.instrument_name as string)!.underlying_price as number;
    const puts = series.filter((row) => row.option_type === 'put');
    const nearest = puts.reduce((a, b) =>
      Math.abs((a.strike as number) - forward) < Math.abs((b.strike as number) - forward) ? a : b,
    );
    expect(oi(nearest)).toBeGreaterThan(oi(puts[0]!)); // the deepest downside strike
    const below = puts.filter((row) => (row.strike as number) < forward);
    const sameStrikeCalls = below.map(
      (put) => series.find((row) => row.option_type === 'call' && row.strike === put.strike)!,
    );
    const putOi = below.reduce((s, row) => s + oi(row), 0);
    const callOi = sameStrikeCalls.reduce((s, row) => s + oi(row), 0);
    expect(putOi).toBeGreaterThan(2 * callOi);
  });
});

describe('public/get_volatility_index_data', () => {
  it('pages on continuation: newest rows first page, older ones on the next, no overlap', () => {
    const start = NOW - 60 * DAY;
    const first = call('get_volatility_index_data', {
      currency: 'BTC',
      start_timestamp: String(start),
      end_timestamp: String(NOW),
      resolution: '3600',
    }) as { data: number[][]; continuation: number | null };
    expect(first.data).toHaveLength(DVOL_PAGE_ROWS);
    expect(first.continuation).toBe(first.data[0]![0]! - 1);
    const second = call('get_volatility_index_data', {
      currency: 'BTC',
      start_timestamp: String(start),
      end_timestamp: String(first.continuation),
      resolution: '3600',
    }) as { data: number[][]; continuation: number | null };
    expect(second.continuation).toBeNull();
    expect(second.data.at(-1)![0]! + 3_600_000).toBe(first.data[0]![0]);
    expect(second.data[0]![0]).toBe(start);
    for (const [, open, high, low, close] of first.data) {
      expect(high).toBeGreaterThanOrEqual(Math.max(open!, close!));
      expect(low).toBeLessThanOrEqual(Math.min(open!, close!));
    }
  });

  it('DVOL moves over a year, and other currencies have none', () => {
    const year = call('get_volatility_index_data', {
      currency: 'BTC',
      start_timestamp: String(NOW - 365 * DAY),
      end_timestamp: String(NOW),
      resolution: '1D',
    }) as { data: number[][] };
    const closes = year.data.map((row) => row[4]!);
    expect(Math.max(...closes) - Math.min(...closes)).toBeGreaterThan(10);
    const usdc = call('get_volatility_index_data', {
      currency: 'USDC',
      start_timestamp: String(NOW - DAY),
      end_timestamp: String(NOW),
      resolution: '60',
    });
    expect(usdc).toEqual({ data: [], continuation: null });
  });
});

describe('public/get_historical_volatility', () => {
  it('15 days of hourly [ms, percent] points ending at the current hour', () => {
    const points = call('get_historical_volatility', { currency: 'ETH' }) as [number, number][];
    expect(points).toHaveLength(360);
    expect(points.at(-1)![0]).toBe(Math.floor(NOW / 3_600_000) * 3_600_000);
    expect(points.every(([, value]) => value > 1 && value < 400)).toBe(true);
  });
});

describe('vol surface state', () => {
  it('is the same for the same seed, coin and instant whatever was asked in between (the per-coin memo)', () => {
    const btc = coinSpec('BTC')!;
    const first = { ...surfaceState(SEED, btc, NOW) };
    const otherSeed = surfaceState(SEED + 1, btc, NOW);
    const later = surfaceState(SEED, btc, NOW + 7 * DAY);
    surfaceState(SEED, coinSpec('ETH')!, NOW);
    expect(otherSeed).not.toEqual(first);
    expect(later).not.toEqual(first);
    expect(surfaceState(SEED, btc, NOW)).toEqual(first);
    expect(surfaceState(SEED + 1, btc, NOW)).toEqual(otherSeed);
  });
});
