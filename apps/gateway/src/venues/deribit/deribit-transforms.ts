import { AppError } from '@app/kit';
import type { Candle } from '../../domain/candle.js';

/** Pure readers of Deribit results (notes §3.2, §4.1, §4.8): typed views with the raw object kept. */

export interface OptxInstrument {
  instrument_name: string;
  kind: string;
  base_currency?: string;
  expiration_timestamp: number;
  creation_timestamp: number;
  settlement_period?: string;
  tick_size: number;
  min_trade_amount?: number;
  contract_size?: number;
  maker_commission?: number;
  taker_commission?: number;
  strike?: number;
  option_type?: string;
  underlying_type?: string;
  [field: string]: unknown;
}

const bad = (what: string) =>
  new AppError(502, 'UPSTREAM_BAD_RESPONSE', `optx returned an unexpected ${what}`, {
    details: { upstream: 'optx' },
  });

export function readInstruments(result: unknown): OptxInstrument[] {
  if (!Array.isArray(result)) throw bad('instrument list');
  return result.filter(
    (row): row is OptxInstrument =>
      !!row && typeof row === 'object' && typeof (row as OptxInstrument).instrument_name === 'string',
  );
}

interface ChartResult {
  status?: string;
  ticks?: number[];
  open?: number[];
  high?: number[];
  low?: number[];
  close?: number[];
  volume?: number[];
}

/** Columnar chart data → candles (volume in base coin, notes §4.8); `no_data` → none. */
export function readChartData(result: unknown): Candle[] {
  const chart = result as ChartResult | null;
  if (!chart || typeof chart !== 'object') throw bad('chart reply');
  if (chart.status === 'no_data') return [];
  const { ticks, open, high, low, close, volume } = chart;
  if (!ticks || !open || !high || !low || !close || !volume) throw bad('chart reply');
  const n = ticks.length;
  if ([open, high, low, close, volume].some((column) => column.length !== n)) throw bad('chart reply');
  const candles: Candle[] = new Array(n);
  for (let i = 0; i < n; i++) {
    candles[i] = {
      timestamp: ticks[i]!,
      open: open[i]!,
      high: high[i]!,
      low: low[i]!,
      close: close[i]!,
      volume: volume[i]!,
    };
  }
  return candles;
}

export const isPerpetual = (instrument: OptxInstrument) => instrument.settlement_period === 'perpetual';

/** A DVOL row: `[timestamp_ms, open, high, low, close]` in vol points. */
export type DvolRow = [number, number, number, number, number];

export function readVolatilityIndex(result: unknown): { rows: DvolRow[]; continuation: number | null } {
  const body = result as { data?: unknown; continuation?: unknown } | null;
  if (!body || !Array.isArray(body.data)) throw bad('volatility index page');
  const rows = body.data.filter(
    (row): row is DvolRow => Array.isArray(row) && row.length >= 5 && row.every((x) => typeof x === 'number'),
  );
  return { rows, continuation: typeof body.continuation === 'number' ? body.continuation : null };
}

/** Accepts both `[ms, value]` pairs (live) and `{timestamp, value}` objects (the OpenAPI schema), §4.6. */
export function readHistoricalVolatility(result: unknown): [number, number][] {
  if (!Array.isArray(result)) throw bad('historical volatility list');
  const out: [number, number][] = [];
  for (const row of result) {
    if (Array.isArray(row) && typeof row[0] === 'number' && typeof row[1] === 'number')
      out.push([row[0], row[1]]);
    else if (row && typeof row.timestamp === 'number' && typeof row.value === 'number')
      out.push([row.timestamp, row.value]);
  }
  return out;
}
