import { type Bar, generateBar } from '../market/candles.js';
import { streamId, uniform } from '../market/hash.js';
import type { SimInstrument } from './deribit-catalogue.js';

/** `public/get_tradingview_chart_data` (notes §4.8, §12.1 item 9). */

export const CHART_RESOLUTIONS = [
  '1',
  '3',
  '5',
  '10',
  '15',
  '30',
  '60',
  '120',
  '180',
  '360',
  '720',
  '1D',
] as const;
export type ChartResolution = (typeof CHART_RESOLUTIONS)[number];
/** Bars per call; the simulator keeps those closest to `end_timestamp` (documented choice, upstream unverified). */
export const CHART_BAR_CAP = 5000;

export function resolutionMs(resolution: ChartResolution): number {
  return resolution === '1D' ? 86_400_000 : Number(resolution) * 60_000;
}

/**
 * Share of bars with no trades, hence absent from the reply. Liquid
 * perpetuals miss the odd minute, thin contracts miss many, hourly and
 * coarser bars of liquid contracts are complete. This is what the
 * gateway's consensus merge has to cope with.
 */
export function missingBarRate(instrument: SimInstrument, resolution: ChartResolution): number {
  if (instrument.stale) return 0.9;
  const minutes = resolutionMs(resolution) / 60_000;
  if (instrument.kind === 'option') return 0.4 / Math.sqrt(minutes);
  // The inverse BTC/ETH books trade every minute; the USDC-linear books of smaller coins do not.
  if (instrument.inverse || minutes >= 60) return 0;
  return 0.008 / minutes;
}

export function isMissingBar(
  seed: number,
  instrument: SimInstrument,
  resolution: ChartResolution,
  tick: number,
) {
  const stream = streamId(`gap:${instrument.name}:${resolution}`);
  return (
    uniform(seed, stream, Math.floor(tick / resolutionMs(resolution))) <
    missingBarRate(instrument, resolution)
  );
}

export interface ChartData {
  status: 'ok' | 'no_data';
  ticks: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
  cost: number[];
}

export function chartData(
  seed: number,
  instrument: SimInstrument,
  start: number,
  end: number,
  resolution: ChartResolution,
  now: number,
): ChartData {
  const step = resolutionMs(resolution);
  const from = Math.max(start, instrument.creation);
  const to = Math.min(end, now, instrument.expiry ?? Number.POSITIVE_INFINITY);
  const first = Math.ceil(from / step) * step;
  const last = Math.floor(to / step) * step;
  const bars: Bar[] = [];
  // Walk back from the end so the cap keeps the newest bars.
  for (let t = last; t >= first && bars.length < CHART_BAR_CAP; t -= step) {
    if (isMissingBar(seed, instrument, resolution, t)) continue;
    const bar = generateBar(instrument.quote, t, step, now);
    if (bar) bars.push(bar);
  }
  bars.reverse();
  const data: ChartData = {
    status: bars.length ? 'ok' : 'no_data',
    ticks: [],
    open: [],
    high: [],
    low: [],
    close: [],
    volume: [],
    cost: [],
  };
  for (const bar of bars) {
    data.ticks.push(bar.t);
    data.open.push(bar.open);
    data.high.push(bar.high);
    data.low.push(bar.low);
    data.close.push(bar.close);
    data.volume.push(bar.volume);
    data.cost.push(Math.round(bar.volume * bar.close * 100) / 100);
  }
  return data;
}
