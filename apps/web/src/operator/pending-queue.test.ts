import { describe, expect, it } from 'vitest';
import type { MeasurementCreate } from '../api/types';
import {
  type BatchSubmission,
  backoffDelay,
  newBatchId,
  PendingQueue,
  type QueueStorage,
} from './pending-queue';

class MemoryStorage implements QueueStorage {
  readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const label = {
  operator_id: 7,
  operator_name: 'otto',
  recipe_code: 'R-1',
  recipe_name: 'Flange',
  lot_number: 'L1',
  serial_number: 'S1',
};
const measurement: MeasurementCreate = {
  subtask_id: 1,
  version_id: 1,
  value: 10,
  lot_number: 'L1',
  serial_number: 'S1',
  input_method: 'manual',
};

function setup(outcomes: (Error | { status: number; detail: string; retryAfter?: number } | 'ok')[]) {
  const storage = new MemoryStorage();
  let clock = 1_000_000;
  const sent: MeasurementCreate[][] = [];
  const submissions: BatchSubmission[] = [];
  const queue = new PendingQueue({
    storage,
    now: () => clock,
    random: () => 1,
    send: async (submission) => {
      submissions.push(submission);
      sent.push(submission.measurements);
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
    },
  });
  return { storage, queue, sent, submissions, advance: (ms: number) => (clock += ms) };
}

describe('PendingQueue', () => {
  it('keeps a batch in storage until the server accepts it', async () => {
    const { queue, sent, storage } = setup(['ok']);
    queue.enqueue(label, [measurement]);
    expect(JSON.parse(storage.data.get('measure.pendingBatches')!)).toHaveLength(1);
    await queue.flush(7);
    expect(sent).toEqual([[measurement]]);
    expect(queue.list()).toEqual([]);
  });

  it('survives a reload: a new queue on the same storage sends what the old one kept', async () => {
    const first = setup([{ status: 0, detail: 'network' }]);
    first.queue.enqueue(label, [measurement]);
    await first.queue.flush(7);
    const sent: BatchSubmission[] = [];
    const reloaded = new PendingQueue({
      storage: first.storage,
      now: () => Date.now() + 10 * 60_000,
      send: async (submission) => sent.push(submission),
    });
    await reloaded.flush(7);
    expect(sent).toEqual([{ batch_id: first.submissions[0]?.batch_id, measurements: [measurement] }]);
    expect(reloaded.list()).toEqual([]);
  });

  it('retries a network failure with growing backoff until it goes through', async () => {
    const { queue, sent, advance } = setup([
      { status: 0, detail: 'network' },
      { status: 503, detail: 'down' },
      'ok',
    ]);
    queue.enqueue(label, [measurement]);
    await queue.flush(7);
    expect(queue.list()[0]).toMatchObject({ attempts: 1, state: 'waiting', last_error: { status: 0 } });
    expect(queue.nextDueIn(7)).toBe(1_000);

    await queue.flush(7); // not due yet: nothing is sent
    expect(sent).toHaveLength(1);

    advance(1_000);
    await queue.flush(7);
    expect(queue.nextDueIn(7)).toBe(2_000);
    advance(2_000);
    await queue.flush(7);
    expect(sent).toHaveLength(3);
    expect(queue.list()).toEqual([]);
  });

  it('waits at least as long as a 429 Retry-After asks', async () => {
    const { queue } = setup([{ status: 429, detail: 'slow down', retryAfter: 30 }]);
    queue.enqueue(label, [measurement]);
    await queue.flush(7);
    expect(queue.nextDueIn(7)).toBe(30_000);
  });

  it('shows a batch the server refuses instead of retrying it forever', async () => {
    const { queue, sent, advance } = setup([{ status: 400, detail: 'Invalid subtask 9' }]);
    const batch = queue.enqueue(label, [measurement]);
    await queue.flush(7);
    advance(10 * 60_000);
    await queue.flush(7);
    expect(sent).toHaveLength(1);
    expect(queue.list()[0]).toMatchObject({
      state: 'rejected',
      last_error: { status: 400, detail: 'Invalid subtask 9' },
    });
    expect(queue.nextDueIn(7)).toBeNull();
    queue.discard(batch.id);
    expect(queue.list()).toEqual([]);
  });

  it('keeps retrying on 401, 408 and 429, which heal without changing the batch', async () => {
    const { queue } = setup([
      { status: 401, detail: 'login' },
      { status: 408, detail: 'timeout' },
    ]);
    queue.enqueue(label, [measurement]);
    queue.enqueue(label, [measurement]);
    await queue.flush(7);
    expect(queue.list().map((b) => b.state)).toEqual(['waiting', 'waiting']);
  });

  it('wakes waiting batches when the connection returns, but leaves refused ones alone', async () => {
    const { queue } = setup([
      { status: 0, detail: 'network' },
      { status: 400, detail: 'bad' },
    ]);
    queue.enqueue(label, [measurement]);
    queue.enqueue(label, [measurement]);
    await queue.flush(7); // first fails on the network and stops the round
    queue.wakeUp(7);
    expect(queue.nextDueIn(7)).toBe(0);
    await queue.flush(7);
    expect(queue.list().map((b) => b.state)).toEqual(['rejected']);
  });

  it('sends a part only with the key of the operator who measured it', async () => {
    const { queue, sent } = setup(['ok', 'ok']);
    queue.enqueue({ ...label, operator_id: 8, operator_name: 'olga' }, [measurement]);
    await queue.flush(7);
    expect(sent).toHaveLength(0);
    expect(queue.nextDueIn(7)).toBeNull();
    await queue.flush(8);
    expect(sent).toHaveLength(1);
  });

  it('never discards a batch that is still waiting to be sent', async () => {
    const { queue } = setup([{ status: 0, detail: 'network' }]);
    const batch = queue.enqueue(label, [measurement]);
    await queue.flush(7);
    queue.discard(batch.id);
    expect(queue.list()).toHaveLength(1);
  });

  it('sends each batch once even when flush is called twice at the same time', async () => {
    const { queue, sent } = setup(['ok']);
    queue.enqueue(label, [measurement]);
    await Promise.all([queue.flush(7), queue.flush(7)]);
    expect(sent).toHaveLength(1);
  });
});

describe('batch ids (idempotent submission)', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('gives each part its own UUID and sends that same id on every retry', async () => {
    const { queue, submissions, advance } = setup([
      { status: 0, detail: 'network' },
      { status: 503, detail: 'down' },
      'ok',
      'ok',
    ]);
    const part = queue.enqueue(label, [measurement]);
    const other = queue.enqueue({ ...label, serial_number: 'S2' }, [measurement]);
    expect(part.id).toMatch(UUID_V4);
    expect(other.id).not.toBe(part.id);
    for (let i = 0; i < 3; i++) {
      await queue.flush(7);
      advance(60_000);
    }
    // part: network, 503, ok; other: ok (sent after part's 503, in the same round)
    expect(submissions.map((s) => s.batch_id)).toEqual([part.id, part.id, other.id, part.id]);
    expect(queue.list()).toEqual([]);
  });

  it('keeps the id through a reload, so a part whose answer was lost is not stored twice', async () => {
    const first = setup([{ status: 0, detail: 'network' }]);
    const part = first.queue.enqueue(label, [measurement]);
    await first.queue.flush(7);
    const ids: (string | undefined)[] = [];
    const reloaded = new PendingQueue({
      storage: first.storage,
      now: () => Date.now() + 10 * 60_000,
      send: async (submission) => ids.push(submission.batch_id),
    });
    await reloaded.flush(7);
    expect(ids).toEqual([part.id]);
  });

  it('sends parts queued by an older client (no UUID) without a batch_id rather than have them refused', async () => {
    const { storage, queue, submissions } = setup(['ok']);
    queue.enqueue(label, [measurement]);
    const [stored] = JSON.parse(storage.data.get('measure.pendingBatches')!);
    storage.setItem('measure.pendingBatches', JSON.stringify([{ ...stored, id: 'lx1-abc-def' }]));
    await queue.flush(7);
    expect(submissions).toEqual([{ measurements: [measurement] }]);
  });

  it('makes version 4 UUIDs without crypto.randomUUID (plain-http stations are not secure contexts)', () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as unknown as Crypto;
    const ids = Array.from({ length: 200 }, () => newBatchId(insecure));
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('backoffDelay', () => {
  it('doubles from one second and stops at one minute', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelay(n, 1))).toEqual([1_000, 2_000, 4_000, 8_000, 60_000]);
    expect(backoffDelay(1, 0)).toBe(750);
  });
});
