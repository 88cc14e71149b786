import { streamId, uniform } from '../../market/hash.js';

/**
 * A week of the economic calendar feed (notes macro.md U5.2) for the simulator: Sunday to Saturday in New York
 * time, events at their New York local time written with the offset of that day (`-04:00` or `-05:00`),
 * impacts High, Medium, Low and Holiday, countries as currency codes or `All`, forecast and previous as
 * free text (often empty). The week's set is fixed; forecasts vary from week to week with the seed.
 */

type Impact = 'High' | 'Medium' | 'Low' | 'Holiday';

/** [weekday 0 = Sunday, hh:mm New York, title, country, impact, forecast and previous generator]. */
const TEMPLATE: [number, string, string, string, Impact, ((r: number) => [string, string]) | null][] = [
  [0, '00:00', 'Bank Holiday', 'JPY', 'Holiday', null],
  [0, '00:00', 'G7 Meetings', 'All', 'Low', null],
  [
    1,
    '05:00',
    'German ZEW Economic Sentiment',
    'EUR',
    'Medium',
    (r) => [(r * 40 - 10).toFixed(1), (r * 38 - 8).toFixed(1)],
  ],
  [
    1,
    '08:30',
    'Empire State Manufacturing Index',
    'USD',
    'Medium',
    (r) => [(r * 20 - 10).toFixed(1), (r * 18 - 9).toFixed(1)],
  ],
  [2, '02:00', 'CPI y/y', 'GBP', 'High', (r) => [pct(2 + r * 2, 1), pct(2.1 + r * 2, 1)]],
  [2, '08:30', 'Retail Sales m/m', 'USD', 'High', (r) => [pct(r * 1.6 - 0.8, 1), pct(r * 1.2 - 0.4, 1)]],
  [2, '08:30', 'Core Retail Sales m/m', 'USD', 'High', (r) => [pct(r * 1.2 - 0.4, 1), pct(r - 0.3, 1)]],
  [2, '10:00', 'Business Inventories m/m', 'USD', 'Low', (r) => [pct(r * 0.6 - 0.1, 1), pct(r * 0.5, 1)]],
  [
    3,
    '08:30',
    'Building Permits',
    'USD',
    'Low',
    (r) => [`${(1.3 + r * 0.2).toFixed(2)}M`, `${(1.35 + r * 0.1).toFixed(2)}M`],
  ],
  [
    3,
    '10:30',
    'Crude Oil Inventories',
    'USD',
    'Low',
    (r) => [`${(r * 4 - 2).toFixed(1)}M`, `${(r * 5 - 3).toFixed(1)}M`],
  ],
  [3, '14:00', 'Federal Funds Rate', 'USD', 'High', () => ['4.50%', '4.50%']],
  [3, '14:30', 'FOMC Press Conference', 'USD', 'High', null],
  [4, '03:30', 'SNB Policy Rate', 'CHF', 'High', () => ['0.00%', '0.25%']],
  [4, '07:00', 'Official Bank Rate', 'GBP', 'High', () => ['4.25%', '4.25%']],
  [
    4,
    '08:30',
    'Unemployment Claims',
    'USD',
    'Medium',
    (r) => [`${Math.round(230 + r * 20)}K`, `${Math.round(235 + r * 15)}K`],
  ],
  [
    4,
    '08:30',
    'Philly Fed Manufacturing Index',
    'USD',
    'Medium',
    (r) => [(r * 10 - 5).toFixed(1), (r * 8 - 4).toFixed(1)],
  ],
  [
    5,
    '04:00',
    'French Flash Services PMI',
    'EUR',
    'Medium',
    (r) => [(48 + r * 4).toFixed(1), (48.5 + r * 3).toFixed(1)],
  ],
  [
    5,
    '10:00',
    'Existing Home Sales',
    'USD',
    'Low',
    (r) => [`${(3.9 + r * 0.3).toFixed(2)}M`, `${(4 + r * 0.2).toFixed(2)}M`],
  ],
  [5, '13:00', 'FOMC Member Waller Speaks', 'USD', 'Medium', null],
];

const forecasts = streamId('calendar:forecasts');
const pct = (value: number, decimals: number) => `${value.toFixed(decimals)}%`;

/** Offset of New York from UTC at an instant, in minutes (−240 in summer, −300 in winter). */
function newYorkOffsetMinutes(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(ms));
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT-05:00';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** `YYYY-MM-DD` of the New York Sunday that starts the week containing `ms`. */
export function weekStart(ms: number): string {
  const local = new Date(ms + newYorkOffsetMinutes(ms) * 60_000);
  local.setUTCDate(local.getUTCDate() - local.getUTCDay());
  return local.toISOString().slice(0, 10);
}

/** The events of the week starting on the Sunday `sunday`, in feed order (by time). */
export function calendarWeek(seed: number, sunday: string): Record<string, string>[] {
  const weekIndex = Math.floor(Date.parse(`${sunday}T00:00:00Z`) / (7 * 86_400_000));
  return TEMPLATE.map(([weekday, time, title, country, impact, values], i) => {
    const day = new Date(Date.parse(`${sunday}T00:00:00Z`) + weekday * 86_400_000).toISOString().slice(0, 10);
    const approximateUtc = Date.parse(`${day}T${time}:00Z`) + 5 * 3_600_000;
    const offset = newYorkOffsetMinutes(approximateUtc);
    const sign = offset < 0 ? '-' : '+';
    const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
    const [forecast, previous] = values ? values(uniform(seed, forecasts, weekIndex * 64 + i)) : ['', ''];
    return {
      title,
      country,
      date: `${day}T${time}:00${sign}${hours}:00`,
      impact,
      forecast,
      previous,
    };
  });
}
