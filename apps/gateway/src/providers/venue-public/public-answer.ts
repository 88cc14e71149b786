import { upstreamBadResponse, upstreamStatusError } from '../../upstream/upstream-errors.js';
import type { UpstreamResponse } from '../../upstream/upstream-types.js';

/**
 * What the venues' public market-data clients share (notes sentiment.md §0): decimals arrive as strings and are
 * read with `Number()`, anything non-finite is a broken answer; a non-200 answer is the source's failure.
 */

/** A decimal field (string or number) as a finite number. */
export function decimalField(source: string, value: unknown, what: string): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof parsed !== 'number' || !Number.isFinite(parsed))
    throw upstreamBadResponse(source, 'live', `${what} is not a number: ${JSON.stringify(value)}`);
  return parsed;
}

/** An epoch-millisecond field (string or number). */
export const timeField = (source: string, value: unknown, what: string) =>
  Math.trunc(decimalField(source, value, what));

/** The body of a 200 answer that must be JSON (an object or array), else the source's failure. */
export function jsonBody(source: string, response: UpstreamResponse, what: string): unknown {
  if (response.status !== 200) throw upstreamStatusError(source, response, what);
  if (typeof response.body !== 'object' || response.body === null)
    throw upstreamBadResponse(source, 'live', `${what} answered text where JSON was expected`);
  return response.body;
}

/** A field that must be an array. */
export function arrayField(source: string, value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw upstreamBadResponse(source, 'live', `${what} is not a list`);
  return value;
}

/** An object's fields, for reading a JSON record field by field. */
export function record(source: string, value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw upstreamBadResponse(source, 'live', `${what} is not an object`);
  return value as Record<string, unknown>;
}

/** One open-interest observation, oldest first in every series the clients return. */
export interface OiPoint {
  timestamp: number;
  oiCoin: number;
  oiUsd: number;
}

/** One candle. */
export interface Candle {
  openTime: number;
  closeTime: number;
  open: number;
  high: number;
  low: number;
  close: number;
}
