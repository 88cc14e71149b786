import { AppError } from '@app/kit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HistoryAdmission, type Permit } from './history-admission.js';

/** What became of a request so far: still waiting, admitted with its permit, or refused. */
function track(promise: Promise<Permit>) {
  const state: { permit?: Permit; error?: unknown } = {};
  promise.then(
    (permit) => {
      state.permit = permit;
    },
    (error: unknown) => {
      state.error = error;
    },
  );
  return state;
}

/** Lets settled promises run their callbacks. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('history admission', () => {
  it('admits requests while their bars fit the budget, and a waiting one as soon as bars are given back', async () => {
    const admission = new HistoryAdmission(1_000, 2_000);
    const a = track(admission.admit(600));
    const b = track(admission.admit(400));
    const c = track(admission.admit(300));
    await settle();
    expect(a.permit && b.permit).toBeTruthy();
    expect(c).toEqual({});
    expect(admission).toMatchObject({ inFlight: 1_000, waiting: 1 });
    b.permit!.release();
    await settle();
    expect(c.permit).toBeDefined();
    expect(admission).toMatchObject({ inFlight: 900, waiting: 0 });
  });

  it('refuses a request that waited its whole time with 429 BUSY, retryable, with Retry-After', async () => {
    const admission = new HistoryAdmission(1_000, 2_000);
    const held = track(admission.admit(900));
    const late = track(admission.admit(200));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(late).toEqual({});
    await vi.advanceTimersByTimeAsync(1);
    expect(late.error).toBeInstanceOf(AppError);
    expect(late.error).toMatchObject({
      status: 429,
      code: 'BUSY',
      retryable: true,
      headers: { 'retry-after': '2' },
      details: { bars_requested: 200, bars_in_flight: 900, budget: 1_000 },
    });
    expect(admission.waiting).toBe(0);
    held.permit!.release();
    expect(admission.inFlight).toBe(0);
  });

  it('with no wait allowed, refuses at once what does not fit', async () => {
    const admission = new HistoryAdmission(1_000, 0);
    track(admission.admit(900));
    await expect(admission.admit(200)).rejects.toMatchObject({ status: 429, code: 'BUSY' });
    expect((await admission.admit(100)).release).toBeTypeOf('function');
  });

  it('admits a request larger than the whole budget alone, once nothing else is in flight', async () => {
    const admission = new HistoryAdmission(1_000, 5_000);
    const small = track(admission.admit(10));
    const huge = track(admission.admit(5_000));
    await settle();
    expect(huge).toEqual({});
    small.permit!.release();
    await settle();
    expect(huge.permit).toBeDefined();
    expect(admission.inFlight).toBe(5_000);
    // Beside it nothing else runs until it is done.
    const next = track(admission.admit(1));
    await settle();
    expect(next).toEqual({});
    huge.permit!.release();
    await settle();
    expect(next.permit).toBeDefined();
  });

  it('serves the line in order: a small request does not overtake a large one, and moves up when it gives up', async () => {
    const admission = new HistoryAdmission(1_000, 2_000);
    const held = track(admission.admit(800));
    await settle();
    const large = track(admission.admit(500));
    await vi.advanceTimersByTimeAsync(1_000);
    const small = track(admission.admit(100));
    await settle();
    // 100 would fit beside the 800 in flight, but the 500 came first.
    expect(small).toEqual({});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(large.error).toMatchObject({ code: 'BUSY' });
    expect(small.permit).toBeDefined();
    held.permit!.release();
  });

  it('counts a release once, and admits requests of no bars without counting them', async () => {
    const admission = new HistoryAdmission(1_000, 2_000);
    const permit = await admission.admit(700);
    permit.release();
    permit.release();
    expect(admission.inFlight).toBe(0);
    await admission.admit(0);
    expect(admission.inFlight).toBe(0);
  });
});
