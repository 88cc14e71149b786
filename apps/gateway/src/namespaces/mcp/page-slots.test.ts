import { describe, expect, it } from 'vitest';
import { Slots } from './page-slots.js';

/** A call that finishes (or fails) when told. */
function call() {
  let finish!: (error?: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve('done'));
  });
  return { run: () => done, finish };
}

describe('page slots', () => {
  it('runs at most `size` calls at once; the others start in order as slots free up, failed calls included', async () => {
    const slots = new Slots(2);
    const calls = [call(), call(), call(), call()];
    const started: number[] = [];
    const results = calls.map((c, i) =>
      slots.run(() => {
        started.push(i);
        return c.run();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(slots.waiting).toBe(2);
    calls[1]!.finish(new Error('upstream down'));
    await expect(results[1]).rejects.toThrow('upstream down');
    expect(started).toEqual([0, 1, 2]);
    calls[0]!.finish();
    await results[0];
    expect(started).toEqual([0, 1, 2, 3]);
    calls[2]!.finish();
    calls[3]!.finish();
    expect(await Promise.all([results[2], results[3]])).toEqual(['done', 'done']);
    expect(slots.waiting).toBe(0);
  });
});
