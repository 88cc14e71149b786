import { Type } from '@sinclair/typebox';
import { num } from './order-rows.js';

/** Field codes of notes §5.3 as named output fields. */
export const TICKER_CODES = {
  last: '31',
  bid: '84',
  ask: '86',
  bid_size: '88',
  ask_size: '85',
  last_size: '7059',
  volume: '7762',
} as const;

export const SNAPSHOT_CODES = {
  ...TICKER_CODES,
  open: '7295',
  high: '70',
  low: '71',
  close: '7296',
  prior_close: '7741',
  change: '82',
  change_percent: '83',
  mark: '7635',
} as const;

/** The quote of conid 265598 (AAPL) the ticker, tick and snapshot examples show. */
export const TICKER_EXAMPLE = {
  last: 168.42,
  bid: 168.41,
  ask: 168.42,
  bid_size: 1300,
  ask_size: 600,
  last_size: 100,
  volume: 2431200,
};

/** When a snapshot row was last updated (`_updated`, ms), null when the row has no time. */
export const updatedAtOf = (row: Record<string, unknown>) =>
  typeof row._updated === 'number' ? new Date(row._updated).toISOString() : null;

const Value = Type.Union([Type.Number(), Type.Null()]);
export const quoteProperties = <K extends string>(codes: Record<K, string>) =>
  Object.fromEntries(Object.keys(codes).map((key) => [key, Value])) as Record<K, typeof Value>;

/** A price field: `C` (previous close shown) and `H` (halted) prefixes are flags, not digits. */
const price = (value: unknown) => num(typeof value === 'string' ? value.replace(/^[CH]/, '') : value);

export function quoteOf<K extends string>(codes: Record<K, string>, fields: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(codes).map(([name, code]) => [name, price(fields[code as string])]),
  ) as Record<K, number | null>;
}

/** Market data availability (field 6509, first character). */
export const availabilityOf = (code: unknown) =>
  ({ R: 'realtime', D: 'delayed', Z: 'frozen', Y: 'frozen_delayed', N: 'not_subscribed' })[
    String(code ?? '').charAt(0)
  ] ?? 'unknown';

export const ConidsSchema = Type.Array(Type.Integer({ minimum: 1 }), {
  minItems: 1,
  maxItems: 100,
  uniqueItems: true,
});
