/**
 * The Control chart response as JSON text in chunks, for large selections. Building a million
 * `{ x, y, timestamp }` objects and stringifying them costs seconds and a few hundred MB; this
 * writes the same JSON directly from the series' typed arrays, a chunk of points at a time, so the
 * endpoint can stream it (Readable.from(controlChartJsonChunks(...))). Same fields and values as
 * `{ ...controlChart(series), points: [...controlChartPoints(series)] }`.
 */
import type { ControlChart } from './control-chart.js';
import type { SpcSeries } from './series.js';

const DAY_MS = 86_400_000;
const POINTS_PER_CHUNK = 4096;

const pad2 = (v: number) => (v < 10 ? `0${v}` : String(v));
const pad3 = (v: number) => (v < 10 ? `00${v}` : v < 100 ? `0${v}` : String(v));

/** Date.prototype.toISOString for epoch ms, with the date part cached per day (timestamps are sorted). */
function isoFormatter(): (ms: number) => string {
  let cachedDay = Number.NaN;
  let cachedPrefix = '';
  return (ms) => {
    const day = Math.floor(ms / DAY_MS);
    if (day !== cachedDay) {
      cachedDay = day;
      cachedPrefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    }
    let rest = ms - day * DAY_MS;
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    const millis = Math.round(rest - seconds * 1000);
    return `${cachedPrefix}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${pad3(millis)}Z`;
  };
}

/** Timestamps outside Date's range or with fractional ms fall back to the exact built-in formatter. */
const simple = (ms: number) => Number.isInteger(ms) && ms >= 0 && ms < 253402300800000;

export function* controlChartJsonChunks(chart: ControlChart, series: SpcSeries): Generator<string> {
  const head = JSON.stringify(chart);
  yield `${head.slice(0, -1)},"points":[`;
  const values = series.values;
  const times = series.timestamps;
  const iso = isoFormatter();
  let chunk = '';
  for (let i = 0; i < values.length; i++) {
    const ms = times[i] as number;
    const timestamp = Number.isFinite(ms) ? `"${simple(ms) ? iso(ms) : new Date(ms).toISOString()}"` : 'null';
    chunk += `${i === 0 ? '' : ','}{"x":${i},"y":${values[i]},"timestamp":${timestamp}}`;
    if ((i + 1) % POINTS_PER_CHUNK === 0) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}]}`;
}
