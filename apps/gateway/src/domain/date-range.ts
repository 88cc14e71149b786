import { unprocessable } from '@app/kit';

/**
 * Spec rules 4 and 5 for `start_date`/`end_date`: a date-only start is
 * 00:00:00.000 UTC, a date-only end is 23:59:59.999 UTC of the same day (the
 * whole day included); a datetime is used as given, and one without a zone
 * is UTC. Both ends are inclusive. Unparseable values and reversed ranges are
 * 422 errors naming the field.
 */

export interface TimeRange {
  /** Inclusive, epoch ms. */
  startMs: number;
  /** Inclusive, epoch ms. */
  endMs: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const DAY_MS = 86_400_000;

function invalid(field: string, value: string, why: string) {
  return unprocessable(`${field}: ${why} (got ${JSON.stringify(value.slice(0, 64))})`, 'INVALID_DATE', {
    field,
  });
}

/** Epoch ms of a calendar day at 00:00 UTC, or NaN when the day does not exist (e.g. 2026-02-30). */
function utcDay(year: number, month: number, day: number): number {
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    return Number.NaN;
  return ms;
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return Number.NaN;
  return sign * (hours * 60 + minutes) * 60_000;
}

/** Parses one bound; `edge` decides what a date-only value means. */
export function parseDateBound(value: string, field: string, edge: 'start' | 'end'): number {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const day = utcDay(Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3]));
    if (Number.isNaN(day)) throw invalid(field, value, 'no such calendar date');
    return edge === 'start' ? day : day + DAY_MS - 1;
  }
  const dateTime = DATE_TIME.exec(text);
  if (!dateTime) throw invalid(field, value, 'expected YYYY-MM-DD or an ISO 8601 datetime');
  const [, y, mo, d, h, mi, s, fraction, zone] = dateTime;
  const day = utcDay(Number(y), Number(mo), Number(d));
  const hours = Number(h);
  const minutes = Number(mi);
  const seconds = Number(s ?? 0);
  const offset = zoneOffsetMs(zone);
  if (Number.isNaN(day) || hours > 23 || minutes > 59 || seconds > 59 || Number.isNaN(offset))
    throw invalid(field, value, 'no such date or time');
  // Sub-millisecond digits are truncated: candles are keyed by whole milliseconds.
  const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  return day + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis - offset;
}

export function parseRange(startDate: string, endDate: string): TimeRange {
  const startMs = parseDateBound(startDate, 'start_date', 'start');
  const endMs = parseDateBound(endDate, 'end_date', 'end');
  if (startMs > endMs)
    throw unprocessable(
      `start_date (${new Date(startMs).toISOString()}) is after end_date (${new Date(endMs).toISOString()})`,
      'INVALID_DATE_RANGE',
      { field: 'end_date' },
    );
  return { startMs, endMs };
}
