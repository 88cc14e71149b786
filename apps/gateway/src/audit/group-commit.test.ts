import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.js';

/** A commit the test finishes by hand: each call's batch, and its resolve/reject. */
function manualCommit() {
  const calls: { batch: readonly string[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const commit = (batch: readonly string[]) =>
    new Promise<string[]>((resolve, reject) => {
      calls.push({
        batch,
        finish: () => resolve(batch.map((item) => `done:${item}`)),
        fail: reject,
      });
    });
  return { calls, commit };
}

/** Lets every pending promise callback run (not a timed wait). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function track<T>(promise: Promise<T>) {
  const state: { value?: T; error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: unknown) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

describe('GroupCommit', () => {
  it('commits a lone item at once and resolves it only after its commit finished', async () => {
    const { calls, commit } = manualCommit();
    const sut = new GroupCommit(commit);
    const a = track(sut.add('a'));
    expect(calls.map((call) => call.batch)).toEqual([['a']]);
    await settle();
    expect(a.settled).toBe(false);
    calls[0]!.finish();
    await settle();
    expect(a).toEqual({ value: 'done:a', settled: true });
  });

  it('gathers the items that arrive during a commit into the next one, in arrival order', async () => {
    const { calls, commit } = manualCommit();
    const sut = new GroupCommit(commit);
    const a = track(sut.add('a'));
    const rest = ['b', 'c', 'd'].map((item) => track(sut.add(item)));
    expect(calls).toHaveLength(1);
    calls[0]!.finish();
    await settle();
    expect(a.value).toBe('done:a');
    expect(calls.map((call) => call.batch)).toEqual([['a'], ['b', 'c', 'd']]);
    expect(rest.some((state) => state.settled)).toBe(false);
    calls[1]!.finish();
    await settle();
    expect(rest.map((state) => state.value)).toEqual(['done:b', 'done:c', 'done:d']);
  });

  it('rejects every waiter of a failed batch with its error, and commits the next batch', async () => {
    const { calls, commit } = manualCommit();
    const sut = new GroupCommit(commit);
    const a = track(sut.add('a'));
    const failed = ['b', 'c'].map((item) => track(sut.add(item)));
    calls[0]!.finish();
    await settle();
    const later = track(sut.add('d'));
    const error = new Error('fdatasync: EIO');
    calls[1]!.fail(error);
    await settle();
    expect(a.value).toBe('done:a');
    expect(failed).toEqual([
      { error, settled: true },
      { error, settled: true },
    ]);
    expect(calls.map((call) => call.batch)).toEqual([['a'], ['b', 'c'], ['d']]);
    calls[2]!.finish();
    await settle();
    expect(later.value).toBe('done:d');
  });

  it('rejects the batch when commit throws before its first await', async () => {
    const sut = new GroupCommit<string, string>(() => {
      throw new Error('no handle');
    });
    await expect(sut.add('a')).rejects.toThrow('no handle');
    await expect(sut.add('b')).rejects.toThrow('no handle');
  });

  it('is idle once every item handed in has been committed', async () => {
    const { calls, commit } = manualCommit();
    const sut = new GroupCommit(commit);
    void sut.add('a');
    void sut.add('b');
    const idle = track(sut.idle());
    calls[0]!.finish();
    await settle();
    expect(idle.settled).toBe(false);
    calls[1]!.finish();
    await settle();
    expect(idle.settled).toBe(true);
  });
});
