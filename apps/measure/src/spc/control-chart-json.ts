/**
 * The Control chart response as JSON bytes in chunks, for large selections. Building a million
 * `{ x, y, timestamp }` objects and stringifying them costs seconds and a few hundred MB, and even a
 * string per point leaves a rope of a million pieces to flatten and collect; this writes the same
 * JSON straight from the series' typed arrays into byte buffers of about 1 MB, so the endpoint can
 * stream them (Readable.from(controlChartJsonChunks(...))). Same fields and values as
 * `{ ...controlChart(series), points: [...controlChartPoints(series)] }`.
 * Every character of the points is ASCII (numbers, ISO timestamps, fixed keys), so one byte per character;
 * the fields before them are encoded as UTF-8.
 */
import type { ControlChart } from './control-chart.js';
import type { SpcSeries } from './series.js';

const MINUTE_MS = 60_000;
const CHUNK_BYTES = 1 << 20;
/** More than the longest point: `,{"x":` + 16 digits + `,"y":` + 24 + `,"timestamp":"` + 24 + `"}`. */
const POINT_MAX_BYTES = 128;
const ZERO = 48;

/** Timestamps outside Date's range or with fractional ms fall back to the exact built-in formatter. */
const simple = (ms: number) => Number.isInteger(ms) && ms >= 0 && ms < 253402300800000;

const ascii = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

class ChunkWriter {
  buffer = new Uint8Array(CHUNK_BYTES);
  length = 0;

  text(text: string): void {
    const { buffer } = this;
    let at = this.length;
    for (let k = 0; k < text.length; k++) buffer[at++] = text.charCodeAt(k);
    this.length = at;
  }

  bytes(bytes: Uint8Array): void {
    const { buffer } = this;
    let at = this.length;
    for (let k = 0; k < bytes.length; k++) buffer[at++] = bytes[k] as number;
    this.length = at;
  }

  /** A non-negative integer below 2^53, digit by digit. */
  integer(value: number): void {
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    const { buffer } = this;
    let rest = value;
    for (let at = this.length + digits - 1; at >= this.length; at--) {
      buffer[at] = ZERO + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.length += digits;
  }

  /** Two or three decimal digits, zero-padded. */
  padded(value: number, width: 2 | 3): void {
    const { buffer } = this;
    if (width === 3) buffer[this.length++] = ZERO + Math.floor(value / 100);
    buffer[this.length++] = ZERO + (Math.floor(value / 10) % 10);
    buffer[this.length++] = ZERO + (value % 10);
  }

  /** The filled part, handing the buffer over (a new one is started). */
  take(): Uint8Array {
    const filled = this.buffer.subarray(0, this.length);
    this.buffer = new Uint8Array(CHUNK_BYTES);
    this.length = 0;
    return filled;
  }
}

const POINT_START = ascii('{"x":');
const NEXT_POINT_START = ascii(',{"x":');
const Y_KEY = ascii(',"y":');
const TIMESTAMP_KEY = ascii(',"timestamp":');

/** `chart` may carry more fields (the service adds `excluded`, `comments`); they are written before `points`. */
export function* controlChartJsonChunks<C extends ControlChart>(
  chart: C,
  series: SpcSeries,
): Generator<Uint8Array> {
  const head = JSON.stringify(chart);
  // The head holds people's text (exclusion notes, comments): UTF-8, not the points' one byte a character.
  yield new TextEncoder().encode(`${head.slice(0, -1)},"points":[`);
  const values = series.values;
  const times = series.timestamps;
  const out = new ChunkWriter();
  let minute = Number.NaN;
  // "YYYY-MM-DDTHH:MM:" of the current minute: timestamps arrive sorted, so it changes rarely.
  let minutePrefix = new Uint8Array(0);
  for (let i = 0; i < values.length; i++) {
    if (out.length > CHUNK_BYTES - POINT_MAX_BYTES) yield out.take();
    out.bytes(i === 0 ? POINT_START : NEXT_POINT_START);
    out.integer(i);
    out.bytes(Y_KEY);
    // The shortest text that reads back as the same double. JSON.stringify rather than String: the same
    // text, but String keeps recent numbers and their strings in a cache that young collections treat
    // as live, which on a million distinct values promotes megabytes into the old generation.
    out.text(JSON.stringify(values[i]));
    out.bytes(TIMESTAMP_KEY);
    const ms = times[i] as number;
    if (simple(ms)) {
      const thisMinute = Math.floor(ms / MINUTE_MS);
      if (thisMinute !== minute) {
        minute = thisMinute;
        minutePrefix = ascii(`"${new Date(thisMinute * MINUTE_MS).toISOString().slice(0, 17)}`);
      }
      const rest = ms - thisMinute * MINUTE_MS;
      const seconds = Math.floor(rest / 1000);
      out.bytes(minutePrefix);
      out.padded(seconds, 2);
      out.text('.');
      out.padded(rest - seconds * 1000, 3);
      out.text('Z"}');
    } else {
      out.text(Number.isFinite(ms) ? `"${new Date(ms).toISOString()}"}` : 'null}');
    }
  }
  out.text(']}');
  yield out.take();
}
