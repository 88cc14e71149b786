import { describe, expect, it } from 'vitest';
import { GdeltClient, gatedHttp, SerialGate } from '../../src/providers/gdelt/gdelt.upstream.js';
import { NO_DEADLINE } from '../../src/upstream/call-deadline.js';
import type { UpstreamHttp, UpstreamRequest } from '../../src/upstream/upstream-types.js';
import { fakeHttp } from './support/fake-http.js';

const PATH = '/api/v2/doc/doc';

describe('GDELT client', () => {
  it('reads the notes’ article list, seendate to epoch ms', async () => {
    const client = new GdeltClient(
      fakeHttp({
        [PATH]: {
          articles: [
            {
              url: 'https://news.sim/world/central-bank-holds-rates',
              url_mobile: '',
              title: 'Central bank holds rates, signals patience',
              seendate: '20250616T081500Z',
              socialimage: '',
              domain: 'news.sim',
              language: 'English',
              sourcecountry: 'United Kingdom',
            },
          ],
        },
      }),
    );
    const { data } = await client.articles(NO_DEADLINE, 'inflation', '24h', 75);
    expect(data).toEqual([
      {
        url: 'https://news.sim/world/central-bank-holds-rates',
        title: 'Central bank holds rates, signals patience',
        seenAt: Date.UTC(2025, 5, 16, 8, 15),
        domain: 'news.sim',
        language: 'English',
        sourceCountry: 'United Kingdom',
        imageUrl: null,
      },
    ]);
  });

  it('no hits is {}; a text answer is a query error (400 naming topics) or the rate-limit notice (429)', async () => {
    expect(
      (await new GdeltClient(fakeHttp({ [PATH]: {} })).articles(NO_DEADLINE, 'nohits', '24h', 5)).data,
    ).toEqual([]);
    const query = new GdeltClient(
      fakeHttp({ [PATH]: "Queries containing OR'd terms must be surrounded by ()." }),
    );
    await expect(query.articles(NO_DEADLINE, 'a OR b', '24h', 5)).rejects.toMatchObject({
      status: 400,
      details: { field: 'topics' },
    });
    const limited = new GdeltClient(
      fakeHttp(
        { [PATH]: 'Please limit requests to one every 5 seconds or contact the GDELT team.' },
        { status: 429 },
      ),
    );
    await expect(limited.articles(NO_DEADLINE, 'x', '24h', 5)).rejects.toMatchObject({
      status: 429,
      retryable: true,
    });
  });

  it('the gate sends strictly one request at a time, spaced', async () => {
    // A fake clock: sleeping advances it, a request takes 20 of its milliseconds, and one early timer fires
    // a millisecond short, so the gate has to wait again.
    let now = 1_000;
    let early = true;
    const clock = {
      now: () => now,
      sleep: async (ms: number) => {
        now += early ? ms - 1 : ms;
        early = false;
      },
    };
    let inFlight = 0;
    let most = 0;
    const starts: number[] = [];
    const slow: UpstreamHttp = {
      ...fakeHttp({}),
      async request<T>(_request: UpstreamRequest) {
        inFlight++;
        most = Math.max(most, inFlight);
        starts.push(now);
        await Promise.resolve();
        now += 20;
        inFlight--;
        return { status: 200, headers: {}, body: {} as T, receivedAt: 0 };
      },
    };
    const http = gatedHttp(slow, new SerialGate(50, clock));
    await Promise.all(
      [1, 2, 3].map(() => http.request({ method: 'GET', path: PATH, idempotent: true }, undefined)),
    );
    expect(most).toBe(1);
    expect(starts).toEqual([1_000, 1_050, 1_100]);
  });
});
