import { describe, expect, it } from 'vitest';
import { NO_DEADLINE } from '../../../upstream/call-deadline.js';
import type { DeribitClient } from '../../../venues/deribit/deribit-client.js';
import type { DvolRow } from '../../../venues/deribit/deribit-transforms.js';
import { fetchDvol } from './dvol-pages.js';

const H = 3_600_000;
const row = (t: number): DvolRow => [t, 50, 51, 49, 50.5];

/** A client whose pages are scripted: each call answers the next page and records its end_timestamp. */
function scripted(pages: { rows: DvolRow[]; continuation: number | null }[]) {
  const ends: number[] = [];
  const client = {
    getVolatilityIndexData: async (_call: unknown, params: { endMs: number }) => {
      ends.push(params.endMs);
      const page = pages[ends.length - 1] ?? { rows: [], continuation: null };
      return { data: page, native: page, receivedAt: 1000 + ends.length };
    },
  } as unknown as DeribitClient;
  return { client, ends };
}

describe('DVOL continuation paging', () => {
  it('follows continuation with the same start, de-duplicates and sorts, keeps the range', async () => {
    const { client, ends } = scripted([
      { rows: [row(4 * H), row(5 * H), row(6 * H)], continuation: 4 * H },
      { rows: [row(2 * H), row(3 * H), row(4 * H)], continuation: 2 * H - 1 },
      { rows: [row(0), row(1 * H)], continuation: null },
    ]);
    const result = await fetchDvol(NO_DEADLINE, client, {
      currency: 'BTC',
      startMs: H,
      endMs: 6 * H,
      resolution: '3600',
    });
    expect(ends).toEqual([6 * H, 4 * H, 2 * H - 1]);
    expect(result.rows.map((r) => r[0] / H)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(result.pages).toBe(3);
    expect(result.obtainedAt).toBe(1001);
  });

  it('stops when continuation is not after the start or does not move, and at the page bound', async () => {
    const before = scripted([{ rows: [row(5 * H)], continuation: H }]);
    expect(
      (
        await fetchDvol(NO_DEADLINE, before.client, {
          currency: 'BTC',
          startMs: H,
          endMs: 6 * H,
          resolution: '3600',
        })
      ).pages,
    ).toBe(1);
    const stuck = scripted([{ rows: [row(5 * H)], continuation: 6 * H }]);
    expect(
      (
        await fetchDvol(NO_DEADLINE, stuck.client, {
          currency: 'BTC',
          startMs: H,
          endMs: 6 * H,
          resolution: '3600',
        })
      ).pages,
    ).toBe(1);
    const endless = scripted(
      Array.from({ length: 10 }, (_, i) => ({ rows: [], continuation: 100 * H - i * H })),
    );
    const bounded = await fetchDvol(
      NO_DEADLINE,
      endless.client,
      { currency: 'BTC', startMs: 0, endMs: 101 * H, resolution: '3600' },
      4,
    );
    expect(bounded.pages).toBe(4);
  });

  it('a range over 20 000 rows is 422 naming start_date, before any call', async () => {
    const { client, ends } = scripted([]);
    await expect(
      fetchDvol(NO_DEADLINE, client, {
        currency: 'BTC',
        startMs: 0,
        endMs: 30_000 * 60_000,
        resolution: '60',
      }),
    ).rejects.toMatchObject({ status: 422, details: { field: 'start_date' } });
    expect(ends).toEqual([]);
  });
});
