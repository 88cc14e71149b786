import { describe, expect, it } from 'vitest';
import { DecodeSlots } from './decode-slots.js';

/** A task the test finishes by hand, so concurrency is observed through events, not timing. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('DecodeSlots', () => {
  it('runs at most `size` tasks at once, the others in arrival order', async () => {
    const slots = new DecodeSlots(2);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    const done = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.queued).toBe(2);
    gates[1]?.open();
    await done[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new DecodeSlots(1);
    await expect(slots.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(await slots.run(async () => 'next')).toBe('next');
  });
});
