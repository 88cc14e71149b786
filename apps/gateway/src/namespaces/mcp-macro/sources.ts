import { AppError, isAppError } from '@app/kit';
import { Type } from '@sinclair/typebox';
import type { Fetched } from '../../venues/venue-call.js';
import { errorText } from '../mcp/failed-sources.js';

/**
 * What the macro tools that read several sources (or several series of one) share: the `failed_sources`
 * item keyed `source` (docs/decisions.md, "Data providers report partial failure under `source`"), running
 * the reads side by side and keeping what came back, and the 502 when nothing did.
 */

export const FailedDataSourceSchema = Type.Object(
  {
    source: Type.String({ description: 'The provider (fred, yahoo, cboe, cftc, ff-calendar, treasury)' }),
    error: Type.String({ description: 'Error code and message, with the series or symbol it concerns' }),
  },
  { $id: 'FailedDataSource' },
);

export interface FailedDataSource {
  source: string;
  error: string;
}

/** One read of a fan-out: its source, what it reads (a series id, a symbol), and the read itself. */
export interface SourceRead<T> {
  source: string;
  item: string;
  run: () => Promise<Fetched<T>>;
}

export interface Gathered<T> {
  /** Successful reads by item. */
  results: Map<string, Fetched<T>>;
  failed: FailedDataSource[];
  errors: unknown[];
  /** True when any result is a cached answer standing in for a failing source. */
  stale: boolean;
}

/** Runs every read at once; failures become `failed_sources` items naming the item. */
export async function gather<T>(reads: readonly SourceRead<T>[]): Promise<Gathered<T>> {
  const settled = await Promise.allSettled(reads.map((read) => read.run()));
  const gathered: Gathered<T> = { results: new Map(), failed: [], errors: [], stale: false };
  settled.forEach((outcome, i) => {
    const read = reads[i]!;
    if (outcome.status === 'fulfilled') {
      gathered.results.set(read.item, outcome.value);
      if (outcome.value.stale) gathered.stale = true;
      return;
    }
    // A caller's mistake (an unknown symbol) is the answer itself, not a source failure.
    if (isAppError(outcome.reason) && outcome.reason.status < 500 && outcome.reason.status !== 429)
      throw outcome.reason;
    gathered.errors.push(outcome.reason);
    gathered.failed.push({ source: read.source, error: `${read.item}: ${errorText(outcome.reason)}` });
  });
  return gathered;
}

/** Nothing came back: 502 retryable with every failure listed (429 when every source was rate-limited). */
export function noSourceLeft(what: string, gathered: Gathered<unknown>): AppError {
  const limited =
    gathered.errors.length > 0 && gathered.errors.every((e) => isAppError(e) && e.status === 429);
  return new AppError(limited ? 429 : 502, limited ? 'UPSTREAM_RATE_LIMITED' : 'ALL_SOURCES_FAILED', what, {
    retryable: true,
    details: { failed_sources: gathered.failed },
    ...(limited ? { headers: { 'retry-after': '60' } } : {}),
  });
}

/** `YYYY-MM-DD` → epoch ms of that day's midnight UTC: the instant of a dated observation without a time. */
export const dayStartMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

export const isoTime = (ms: number) => new Date(ms).toISOString();

export const round = (value: number, decimals = 2) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Nullable number schema with a description. */
export const NullableNumber = (description: string) =>
  Type.Union([Type.Number(), Type.Null()], { description });
