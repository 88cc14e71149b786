import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { MeasurementCreate } from '../api/types';
import { type BatchSubmission, PendingQueue, type QueueStorage } from './pending-queue';

/**
 * Issue 46, item 9: a part queued before a new version was released is refused with 409 VERSION_NOT_CURRENT.
 * It was measured against the drawing the operator had, so the queue sends it again as a back-entry with an
 * automatic reason instead of dropping it or leaving it for the operator to discard.
 */
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
  version_number: 2,
};
const measurement: MeasurementCreate = {
  subtask_id: 1,
  version_id: 12,
  value: 10.8,
  lot_number: 'L1',
  serial_number: 'S1',
  input_method: 'manual',
};
const notCurrent = () =>
  new ApiError(409, 'version 2 is not the current version', undefined, 'VERSION_NOT_CURRENT', {
    current_version_id: 13,
    current_version_number: 3,
  });

function setup(outcomes: (ApiError | 'ok')[]) {
  const storage = new MemoryStorage();
  const submissions: BatchSubmission[] = [];
  const queue = new PendingQueue({
    storage,
    now: () => Date.parse('2026-01-05T08:00:00Z'),
    random: () => 1,
    send: async (submission) => {
      submissions.push(structuredClone(submission));
      const outcome = outcomes.shift() ?? 'ok';
      if (outcome !== 'ok') throw outcome;
    },
  });
  return { queue, submissions };
}

describe('PendingQueue and a version released while a part waited', () => {
  it('sends the part again as a back-entry with an automatic reason, under the same batch id', async () => {
    const { queue, submissions } = setup([notCurrent(), 'ok']);
    const batch = queue.enqueue(label, [measurement, { ...measurement, subtask_id: 2 }]);
    await queue.flush(7);
    expect(submissions).toHaveLength(2);
    expect(submissions[0]?.measurements[0]).not.toHaveProperty('back_entry_reason');
    const reason =
      'measured at 2026-01-05T08:00:00.000Z against version 2, queued at the station before a newer version was current';
    expect(submissions[1]).toEqual({
      batch_id: batch.id,
      measurements: [
        { ...measurement, back_entry_reason: reason },
        { ...measurement, subtask_id: 2, back_entry_reason: reason },
      ],
    });
    expect(queue.list()).toEqual([]);
  });

  it('keeps the marked part when the answer does not come, and sends it marked on the next flush', async () => {
    const { queue, submissions } = setup([notCurrent(), new ApiError(0, 'network')]);
    queue.enqueue(label, [measurement]);
    await queue.flush(7);
    const [kept] = queue.list();
    expect(kept).toMatchObject({ state: 'waiting', last_error: { status: 0 } });
    expect(kept?.measurements[0]?.back_entry_reason).toMatch(/against version 2/);
    await queue.retryNow(kept?.id ?? '');
    await queue.flush(7);
    expect(submissions[2]?.measurements[0]?.back_entry_reason).toMatch(/against version 2/);
    expect(queue.list()).toEqual([]);
  });

  it('does not loop: a marked part refused again is kept and shown, not dropped', async () => {
    const { queue, submissions } = setup([notCurrent(), notCurrent()]);
    queue.enqueue(label, [measurement]);
    await queue.flush(7);
    expect(submissions).toHaveLength(2);
    expect(queue.list()).toMatchObject([{ state: 'rejected', last_error: { status: 409 } }]);
  });
});
