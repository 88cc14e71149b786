import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask, uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

/** An operator's part retried after a lost answer is stored once, never twice, never lost. */
describe.each(DIALECTS)('idempotent batch submission on %s', (dialect) => {
  let h: Harness;
  let tec: { id: number; key: string };
  let otherTec: { id: number; key: string };
  let part: (lot: string) => { subtask_id: number; version_id: number; value: number; lot_number: string }[];

  beforeAll(async () => {
    h = await startMeasure(dialect);
    tec = await h.user(['MeasurementTec']);
    otherTec = await h.user(['MeasurementTec']);
    const recipe = await recipeWithTask(h);
    const version = recipe.current_version;
    const [s1, s2] = version.tasks[0].subtasks;
    part = (lot) => [
      { subtask_id: s1.id, version_id: version.id, value: 10.02, lot_number: lot },
      { subtask_id: s2.id, version_id: version.id, value: 21.5, lot_number: lot },
    ];
  });
  afterAll(() => h?.close());

  const submit = (body: unknown, key = tec.key) => h.call('POST', '/api/measurements/batch', { key, body });
  const stored = async (lot: string) =>
    (await h.db.selectFrom('measurements').selectAll().where('lot_number', '=', lot).orderBy('id').execute())
      .length;

  it('stores a batch once; the same id and content again returns the stored measurements', async () => {
    const lot = uniqueCode('LOT');
    const batch_id = randomUUID();
    const first = await submit({ batch_id, measurements: part(lot) });
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.body.map((m: { pass_fail: string }) => m.pass_fail)).toEqual(['pass', 'fail']);

    const again = await submit({ batch_id, measurements: part(lot) });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // the id is a UUID: its letter case does not make it another batch
    expect((await submit({ batch_id: batch_id.toUpperCase(), measurements: part(lot) })).body).toEqual(
      first.body,
    );
    expect(await stored(lot)).toBe(2);
  });

  it('answers 409 for a known id with other measurements or from another user, storing nothing', async () => {
    const lot = uniqueCode('LOT');
    const batch_id = randomUUID();
    expect((await submit({ batch_id, measurements: part(lot) })).status).toBe(200);
    const changed = part(lot).map((m) => ({ ...m, value: m.value + 0.01 }));
    const conflict = await submit({ batch_id, measurements: changed });
    expect(conflict.status).toBe(409);
    expect(conflict.body.detail).toMatch(/batch_id/);
    expect((await submit({ batch_id, measurements: part(lot).slice(0, 1) })).status).toBe(409);
    const stranger = await submit({ batch_id, measurements: part(lot) }, otherTec.key);
    expect(stranger.status).toBe(409);
    expect(await stored(lot)).toBe(2);
  });

  it('concurrent attempts with one id store the batch exactly once and all get it back', async () => {
    const lot = uniqueCode('LOT');
    const batch_id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => submit({ batch_id, measurements: part(lot) })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = answers.map((a) => a.body.map((m: { id: number }) => m.id).join());
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    expect(await stored(lot)).toBe(2);
  });

  it('keeps the id free when the batch is refused, so the corrected part can use it', async () => {
    const lot = uniqueCode('LOT');
    const batch_id = randomUUID();
    const bad = part(lot);
    bad[1] = { ...bad[1]!, subtask_id: 2_000_000_000 };
    expect((await submit({ batch_id, measurements: bad })).status).toBe(400);
    expect(await stored(lot)).toBe(0);
    const ok = await submit({ batch_id, measurements: part(lot) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('idempotent-replayed')).toBeNull();
    expect(await stored(lot)).toBe(2);
  });

  it('any interleaving of retries and reused ids stores each accepted batch exactly once', async () => {
    // a submission: which of three ids, which of two contents (one or two points), how many in parallel
    const submission = fc.record({
      id: fc.integer({ min: 0, max: 2 }),
      content: fc.integer({ min: 0, max: 1 }),
      parallel: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(submission, { minLength: 1, maxLength: 8 }), async (plan) => {
        const lot = uniqueCode('LOT');
        const ids = [randomUUID(), randomUUID(), randomUUID()];
        const body = (content: number) => (content === 0 ? part(lot) : part(lot).slice(0, 1));
        const accepted = new Map<number, { content: number; ids: string }>();
        for (const step of plan) {
          const answers = await Promise.all(
            Array.from({ length: step.parallel }, () =>
              submit({ batch_id: ids[step.id], measurements: body(step.content) }),
            ),
          );
          const first = accepted.get(step.id);
          for (const answer of answers) {
            if (first && first.content !== step.content) {
              expect(answer.status).toBe(409);
              continue;
            }
            expect(answer.status).toBe(200);
            const stored = answer.body.map((m: { id: number }) => m.id).join();
            expect(stored).toBe(accepted.get(step.id)?.ids ?? stored);
            accepted.set(step.id, { content: step.content, ids: stored });
          }
        }
        const expected = [...accepted.values()].reduce((n, a) => n + (a.content === 0 ? 2 : 1), 0);
        expect(await stored(lot)).toBe(expected);
      }),
      { numRuns: 12 },
    );
  });

  it('still accepts batches without an id, and refuses ids that are not UUIDs with 422', async () => {
    const lot = uniqueCode('LOT');
    expect((await submit({ measurements: part(lot) })).status).toBe(200);
    expect((await submit({ measurements: part(lot) })).status).toBe(200);
    expect(await stored(lot)).toBe(4);
    for (const batch_id of ['', 'part-1', `${randomUUID()}x`, 42, null]) {
      const res = await submit({ batch_id, measurements: part(lot) });
      expect(res.status, String(batch_id)).toBe(422);
      expect(res.body.detail).toMatch(/batch_id/);
    }
    expect(await stored(lot)).toBe(4);
  });
});
