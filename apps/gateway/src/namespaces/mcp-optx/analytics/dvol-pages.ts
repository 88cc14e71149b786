import { unprocessable } from '@app/kit';
import type { CallDeadline } from '../../../upstream/call-deadline.js';
import type { DeribitClient } from '../../../venues/deribit/deribit-client.js';
import type { DvolRow } from '../../../venues/deribit/deribit-transforms.js';

/**
 * DVOL rows over a range with the venue's continuation paging (notes §4.7): call with (start, end); while
 * `continuation` is set and after `start`, call again with end = continuation; then sort and de-duplicate
 * by timestamp. Bounded by `maxPages` so a venue that never stops paging cannot hold a request.
 */
export const DVOL_RESOLUTIONS = ['1', '60', '3600', '43200', '1D'] as const;
export type DvolResolution = (typeof DVOL_RESOLUTIONS)[number];
export const DVOL_RESOLUTION_MS: Record<DvolResolution, number> = {
  '1': 1000,
  '60': 60_000,
  '3600': 3_600_000,
  '43200': 43_200_000,
  '1D': 86_400_000,
};
/** Rows one answer may carry; a longer range is 422 naming `start_date`. */
export const MAX_DVOL_ROWS = 20_000;

export interface DvolHistory {
  rows: DvolRow[];
  pages: number;
  obtainedAt: number;
  stale?: boolean;
}

export async function fetchDvol(
  context: CallDeadline,
  client: DeribitClient,
  params: { currency: string; startMs: number; endMs: number; resolution: DvolResolution },
  maxPages = 100,
): Promise<DvolHistory> {
  if ((params.endMs - params.startMs) / DVOL_RESOLUTION_MS[params.resolution] > MAX_DVOL_ROWS)
    throw unprocessable(
      `the range holds more than ${MAX_DVOL_ROWS} rows at resolution ${params.resolution}: narrow it or coarsen the resolution`,
      'VALIDATION_ERROR',
      { field: 'start_date' },
    );
  const byTime = new Map<number, DvolRow>();
  let end = params.endMs;
  let pages = 0;
  let obtainedAt = Number.POSITIVE_INFINITY;
  let stale = false;
  while (pages < maxPages) {
    const page = await client.getVolatilityIndexData(context, { ...params, endMs: end });
    pages++;
    obtainedAt = Math.min(obtainedAt, page.receivedAt);
    stale ||= page.stale === true;
    for (const row of page.data.rows)
      if (row[0] >= params.startMs && row[0] <= params.endMs) byTime.set(row[0], row);
    const next = page.data.continuation;
    if (next === null || next <= params.startMs || next >= end) break;
    end = next;
  }
  return {
    rows: [...byTime.values()].sort((a, b) => a[0] - b[0]),
    pages,
    obtainedAt: Number.isFinite(obtainedAt) ? obtainedAt : Date.now(),
    ...(stale ? { stale: true } : {}),
  };
}
