import { describe, expect, it } from 'vitest';
import type { Candle } from '../../domain/candle.js';
import { LIVE_SHARE_MS, type Page, SharedPages } from './shared-pages.js';

const MIN = 60_000;
/** The data clock: bar 100 is forming (30 s into it). */
const NOW = 100 * MIN + 30_000;

const bars = (from: number, to: number): Candle[] => {
  const out: Candle[] = [];
  for (let t = from; t <= to; t += MIN)
    out.push({ timestamp: t, open: 1, high: 1, low: 1, close: 1, volume: 1 });
  return out;
};

/** A page source that counts its calls and answers when told. */
function upstream(receivedAt = NOW) {
  const calls: { window: { from: number; to: number }; answer: (error?: Error) => void }[] = [];
  return {
    calls,
    load: (window: { from: number; to: number }) => () =>
      new Promise<Page>((resolve, reject) => {
        calls.push({
          window,
          answer: (error) =>
            error
              ? reject(error)
              : resolve({ candles: bars(window.from, Math.min(window.to, 100 * MIN)), receivedAt }),
        });
      }),
  };
}

describe('shared pages', () => {
  it('fetches a window once for every request asking for it while it is in flight', async () => {
    const pages = new SharedPages(() => 0);
    const venue = upstream();
    const window = { from: 90 * MIN, to: 100 * MIN };
    const asked = [1, 2, 3].map(() => pages.get('s', window, MIN, NOW, venue.load(window)));
    expect(venue.calls).toHaveLength(1);
    venue.calls[0]!.answer();
    const answers = await Promise.all(asked);
    expect(answers[0]!.candles).toHaveLength(11);
    expect(answers[1]).toBe(answers[0]);
    // Another window of the series is its own fetch.
    void pages.get('s', { from: 0, to: 10 * MIN }, MIN, NOW, venue.load({ from: 0, to: 10 * MIN }));
    expect(venue.calls).toHaveLength(2);
  });

  it('keeps a page holding the forming bar for min(step, LIVE_SHARE_MS) and cuts covered windows from it', async () => {
    let clock = 0;
    const pages = new SharedPages(() => clock);
    const venue = upstream();
    const window = { from: 90 * MIN, to: 110 * MIN };
    const first = pages.get('s', window, MIN, NOW, venue.load(window));
    venue.calls[0]!.answer();
    await first;
    expect(pages.live).toBe(1);
    clock = LIVE_SHARE_MS - 1;
    const inside = await pages.get(
      's',
      { from: 95 * MIN, to: 105 * MIN },
      MIN,
      NOW + 1_000,
      venue.load(window),
    );
    expect(venue.calls).toHaveLength(1);
    expect(inside.candles.map((c) => c.timestamp / MIN)).toEqual([95, 96, 97, 98, 99, 100]);
    expect(inside.receivedAt).toBe(NOW);
    // A window reaching before the shared one is fetched.
    void pages.get('s', { from: 80 * MIN, to: 105 * MIN }, MIN, NOW, venue.load(window));
    expect(venue.calls).toHaveLength(2);
    // Past the time limit, the same window is fetched again.
    clock = LIVE_SHARE_MS;
    void pages.get('s', window, MIN, NOW, venue.load(window));
    expect(venue.calls).toHaveLength(3);
  });

  it('does not serve the shared page once the next bar is forming, nor after its time on the data clock', async () => {
    const pages = new SharedPages(() => 0);
    const venue = upstream(100 * MIN + 59_500);
    const window = { from: 90 * MIN, to: 110 * MIN };
    const first = pages.get('s', window, MIN, NOW, venue.load(window));
    venue.calls[0]!.answer();
    await first;
    void pages.get('s', window, MIN, 101 * MIN + 100, venue.load(window));
    expect(venue.calls).toHaveLength(2);
    const hourly = upstream(NOW);
    const hour = { from: 0, to: 2 * 60 * MIN };
    const fetched = pages.get('h', hour, 60 * MIN, NOW, hourly.load(hour));
    hourly.calls[0]!.answer();
    await fetched;
    void pages.get('h', hour, 60 * MIN, NOW + LIVE_SHARE_MS, hourly.load(hour));
    expect(hourly.calls).toHaveLength(2);
  });

  it('keeps nothing of a window of settled bars, nor of a failed fetch, whose error every waiter gets', async () => {
    const pages = new SharedPages(() => 0);
    const venue = upstream();
    // Bar 99 closed 30 s before NOW, more than SETTLE_MS: every bar of this window is settled.
    const settled = { from: 0, to: 99 * MIN };
    const first = pages.get('s', settled, MIN, NOW, venue.load(settled));
    venue.calls[0]!.answer();
    await first;
    expect(pages.live).toBe(0);
    const window = { from: 90 * MIN, to: 100 * MIN };
    const failing = [1, 2].map(() => pages.get('s', window, MIN, NOW, venue.load(window)));
    venue.calls[1]!.answer(new Error('venue down'));
    for (const asked of failing) await expect(asked).rejects.toThrow('venue down');
    void pages.get('s', window, MIN, NOW, venue.load(window));
    expect(venue.calls).toHaveLength(3);
  });
});
