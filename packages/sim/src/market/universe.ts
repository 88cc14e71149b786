/**
 * Venue-neutral calendar and strike grids for the instrument universe:
 * expiries at 08:00 UTC (the next two dailies, three Fridays, three
 * month-ends and two quarter-ends, as the Deribit notes list) and strike
 * ladders around a forward.
 */

const DAY = 86_400_000;
const EXPIRY_HOUR_MS = 8 * 3_600_000;
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export type ExpiryKind = 'day' | 'week' | 'month' | 'quarter';

export interface Expiry {
  /** Epoch ms of 08:00 UTC on the expiry day. */
  timestamp: number;
  /** `25DEC26`: day without leading zero, upper-case month, two-digit year. */
  code: string;
  /** The longest series the date belongs to (a quarter-end is also a month-end and a Friday). */
  kind: ExpiryKind;
}

export function expiryCode(timestamp: number): string {
  const date = new Date(timestamp);
  const year = String(date.getUTCFullYear() % 100).padStart(2, '0');
  return `${date.getUTCDate()}${MONTHS[date.getUTCMonth()]}${year}`;
}

function at0800(year: number, month: number, day: number): number {
  return Date.UTC(year, month, day) + EXPIRY_HOUR_MS;
}

/** Last Friday of a month at 08:00 UTC. */
function lastFriday(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  const back = (lastDay.getUTCDay() - 5 + 7) % 7;
  return at0800(year, month, lastDay.getUTCDate() - back);
}

/** Active expiries strictly after `now`, sorted, each date once with its longest series. */
export function activeExpiries(now: number): Expiry[] {
  const rank: Record<ExpiryKind, number> = { day: 0, week: 1, month: 2, quarter: 3 };
  const found = new Map<number, ExpiryKind>();
  const add = (timestamp: number, kind: ExpiryKind) => {
    if (timestamp <= now) return;
    const previous = found.get(timestamp);
    if (!previous || rank[kind] > rank[previous]) found.set(timestamp, kind);
  };
  const today = new Date(now);
  const base = at0800(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  let dailies = 0;
  for (let d = 0; dailies < 2; d++) {
    if (base + d * DAY > now) {
      add(base + d * DAY, 'day');
      dailies++;
    }
  }
  let fridays = 0;
  for (let d = 0; fridays < 3; d++) {
    const timestamp = base + d * DAY;
    if (new Date(timestamp).getUTCDay() === 5 && timestamp > now) {
      add(timestamp, 'week');
      fridays++;
    }
  }
  let months = 0;
  let quarters = 0;
  for (let m = 0; months < 3 || quarters < 2; m++) {
    const year = today.getUTCFullYear() + Math.floor((today.getUTCMonth() + m) / 12);
    const month = (today.getUTCMonth() + m) % 12;
    const timestamp = lastFriday(year, month);
    if (timestamp <= now) continue;
    if (months < 3) {
      add(timestamp, 'month');
      months++;
    }
    if (month % 3 === 2 && quarters < 2) {
      add(timestamp, 'quarter');
      quarters++;
    }
  }
  return [...found.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([timestamp, kind]) => ({ timestamp, kind, code: expiryCode(timestamp) }));
}

/** How long before expiry a series is listed, for `creation_timestamp`. */
export function listingLead(kind: ExpiryKind): number {
  return { day: 3 * DAY, week: 21 * DAY, month: 92 * DAY, quarter: 365 * DAY }[kind];
}

/** A "nice" strike step (1, 2, 2.5 or 5 × 10^k) of about 2.5 % of the forward. */
export function strikeStep(forward: number): number {
  const raw = forward * 0.025;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = [1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10;
  return nice * power;
}

/** Strikes from about 70 % to 130 % of the forward on the step grid, wider for longer expiries. */
export function strikeLadder(forward: number, yearsToExpiry: number): number[] {
  const step = strikeStep(forward);
  const width = Math.min(0.6, 0.15 + 0.5 * Math.sqrt(Math.max(yearsToExpiry, 0)));
  const low = Math.ceil((forward * (1 - width)) / step) * step;
  const high = Math.floor((forward * (1 + width)) / step) * step;
  const strikes: number[] = [];
  for (let k = low; k <= high + step / 2; k += step) strikes.push(Number(k.toPrecision(12)));
  return strikes.filter((k) => k > 0);
}
