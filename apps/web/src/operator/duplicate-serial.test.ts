import { describe, expect, it, vi } from 'vitest';
import { checkSerial, type PartKey } from './duplicate-serial';
import type { PendingBatch } from './pending-queue';

const key: PartKey = { recipe_id: 4, recipe_code: 'FL-1', lot_number: 'LOT-7', serial_number: 'SN-1' };

function batch(serial: string, created_at: string, recipe_code = 'FL-1'): PendingBatch {
  return {
    id: created_at,
    created_at,
    label: {
      operator_id: 1,
      operator_name: 'olga',
      recipe_code,
      recipe_name: 'Flange',
      lot_number: 'LOT-7',
      serial_number: serial,
    },
    measurements: [],
    attempts: 0,
    next_attempt_at: 0,
    state: 'waiting',
  };
}

describe('checkSerial', () => {
  it('finds a part of the same recipe, lot and serial still waiting in the queue, without asking the server', async () => {
    const check = vi.fn();
    const queue = [
      batch('SN-1', '2026-11-28T08:00:00Z'),
      batch('SN-1', '2026-11-28T09:00:00Z'),
      batch('SN-2', 'x'),
    ];
    expect(await checkSerial(key, queue, check)).toEqual({
      state: 'duplicate',
      earlier: { where: 'queue', count: 2, last_measured_at: '2026-11-28T09:00:00Z' },
    });
    expect(check).not.toHaveBeenCalled();
  });

  it('asks the server when the queue holds none, and ignores other recipes', async () => {
    const check = vi.fn(async () => ({ measurement_count: 3, last_measured_at: '2026-11-27T10:00:00Z' }));
    const found = await checkSerial(key, [batch('SN-1', 'x', 'OTHER')], check);
    expect(found).toEqual({
      state: 'duplicate',
      earlier: { where: 'server', count: 3, last_measured_at: '2026-11-27T10:00:00Z' },
    });
    expect(check).toHaveBeenCalledWith(key);
  });

  it('is clear when the server has none, and unchecked (not a duplicate) when it cannot be asked', async () => {
    expect(
      await checkSerial(key, [], async () => ({ measurement_count: 0, last_measured_at: null })),
    ).toEqual({ state: 'clear' });
    expect(
      await checkSerial(key, [], async () => {
        throw new Error('offline');
      }),
    ).toEqual({ state: 'unchecked' });
  });
});
