import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, tempDir } from '../src/reports/pdf-test-tools.js';
import fixture from '../src/spc/fixtures/gage-rr-aiag.json' with { type: 'json' };
import { uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, type Json, startMeasure } from './helpers/harness.js';

/** The AIAG reading of operator `o` (0-based), part and trial (1-based). */
const aiagValue = (o: number, part: number, trial: number) =>
  fixture.values[o]?.[trial - 1]?.[part - 1] as number;

/**
 * A metrologist defines a 10 × 3 × 3 study on a characteristic with tolerance 8 (−4 … 4), three operators
 * take the AIAG manual's readings in their randomised order through the station API, and the result, the
 * page data and the PDF carry Minitab's printed figures for that data.
 */
describe.each(DIALECTS)('gage R&R studies on %s', (dialect) => {
  let h: Harness;
  let metrologist: { id: number; key: string };
  let operators: { id: number; key: string; username: string }[];
  let subtaskId: number;
  let studyId: number;

  beforeAll(async () => {
    h = await startMeasure(dialect);
    metrologist = await h.user(['Metrologist']);
    operators = [
      await h.user(['MeasurementTec']),
      await h.user(['MeasurementTec']),
      await h.user(['MeasurementTec']),
    ];
    const recipe = await h.call('POST', '/api/recipes', {
      key: h.adminKey,
      body: { code: uniqueCode('GRR'), name: 'Gauge' },
    });
    await h.call('POST', `/api/recipes/${recipe.body.id}/tasks`, {
      key: h.adminKey,
      body: {
        title: 'Thickness',
        subtasks: [{ marker_number: 1, nominal: 0, ltl: -4, lwl: -3, uwl: 3, utl: 4 }],
      },
    });
    const version = (await h.call('GET', `/api/recipes/${recipe.body.id}`, { key: h.adminKey })).body
      .current_version;
    subtaskId = version.tasks[0].subtasks[0].id;
  });
  afterAll(() => h?.close());

  const define = (body: Json, key = metrologist.key) => h.call('POST', '/api/gage-studies', { key, body });
  const next = (o: number) => h.call('GET', `/api/gage-studies/${studyId}/next`, { key: operators[o]?.key });
  const record = (o: number, sequence: number, value: number) =>
    h.call('POST', `/api/gage-studies/${studyId}/readings`, {
      key: operators[o]?.key,
      body: { sequence, value },
    });

  it('refuses a study that cannot be run: unknown characteristic, too few parts, a non-operator', async () => {
    const ids = operators.map((o) => o.id);
    expect((await define({ subtask_id: 999_999, parts: 10, trials: 3, operator_ids: ids })).status).toBe(404);
    expect((await define({ subtask_id: subtaskId, parts: 1, trials: 3, operator_ids: ids })).status).toBe(
      422,
    );
    const refused = await define({
      subtask_id: subtaskId,
      parts: 10,
      trials: 3,
      operator_ids: [...ids.slice(1), metrologist.id],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toContain(`user ${metrologist.id}`);
    expect(
      (await define({ subtask_id: subtaskId, parts: 10, trials: 3, operator_ids: ids }, operators[0]?.key))
        .status,
    ).toBe(403);
    expect((await h.call('GET', '/api/gage-studies', { key: metrologist.key })).body).toEqual([]);
  });

  it('defines a study with the characteristic’s tolerance and a stored seed, and lists it to its operators', async () => {
    const candidates = (await h.call('GET', '/api/gage-studies/operators', { key: metrologist.key })).body;
    const candidateIds = candidates.map((c: Json) => c.id);
    for (const o of operators) expect(candidateIds).toContain(o.id);
    expect(candidateIds).not.toContain(metrologist.id);
    expect(Object.keys(candidates[0]).sort()).toEqual(['display_name', 'id', 'username']);
    const created = await define({
      subtask_id: subtaskId,
      parts: 10,
      trials: 3,
      operator_ids: operators.map((o) => o.id),
      seed: 1234,
    });
    expect(created.status).toBe(201);
    studyId = created.body.id;
    expect(created.body).toMatchObject({
      tolerance: 8,
      seed: 1234,
      parts: 10,
      trials: 3,
      complete: false,
      marker_number: 1,
    });
    expect(created.body.operators.map((o: Json) => [o.position, o.user_id, o.recorded, o.total])).toEqual(
      operators.map((o, i) => [i + 1, o.id, 0, 30]),
    );
    const assigned = await h.call('GET', '/api/gage-studies/assigned', { key: operators[1]?.key });
    expect(assigned.body.map((a: Json) => [a.study.id, a.recorded, a.total])).toEqual([[studyId, 0, 30]]);
    expect((await h.call('GET', '/api/gage-studies/assigned', { key: metrologist.key })).body).toEqual([]);
    expect(
      (await h.call('GET', `/api/gage-studies/${studyId}/result`, { key: metrologist.key })).status,
    ).toBe(409);
  });

  it('keeps a stranger out, refuses a reading out of order or twice, and never overwrites one', async () => {
    expect((await h.call('GET', `/api/gage-studies/${studyId}/next`, { key: metrologist.key })).status).toBe(
      403,
    );
    const first = (await next(0)).body.next;
    expect(first.sequence).toBe(1);
    expect((await record(0, 2, 1.0)).body.detail).toContain('comes first');
    const value = aiagValue(0, first.part, first.trial);
    // A double submit from two tabs: one reading is recorded, the other is refused.
    const [a, b] = await Promise.all([record(0, 1, value), record(0, 1, value)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    // A late retry with another value is refused and changes nothing.
    const again = await record(0, 1, 99);
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain('already recorded');
    const stored = await h.db
      .selectFrom('gage_study_trials')
      .select('value')
      .where('study_id', '=', studyId)
      .where('sequence', '=', 1)
      .where('user_id', '=', operators[0]?.id as number)
      .executeTakeFirstOrThrow();
    expect(stored.value).toBe(value);
    expect((await next(0)).body).toMatchObject({ recorded: 1, total: 30, next: { sequence: 2 } });
  });

  it('takes every operator’s readings in a shuffled order, trial round after trial round', async () => {
    for (const [o] of operators.entries()) {
      const parts: number[] = [];
      for (;;) {
        const { body } = await next(o);
        if (!body.next) break;
        const { sequence, part, trial } = body.next;
        expect(trial).toBe(Math.ceil(sequence / 10));
        parts.push(part);
        expect((await record(o, sequence, aiagValue(o, part, trial))).status).toBe(201);
      }
      expect(parts.length).toBe(o === 0 ? 29 : 30);
      if (o > 0) {
        expect(parts.slice(0, 10)).not.toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
        expect([...parts.slice(0, 10)].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      }
    }
    expect((await h.call('GET', '/api/gage-studies/assigned', { key: operators[0]?.key })).body).toEqual([]);
  });

  it('answers the result with Minitab’s printed figures for the AIAG data', async () => {
    const res = await h.call('GET', `/api/gage-studies/${studyId}/result`, { key: metrologist.key });
    expect(res.status).toBe(200);
    const r = res.body;
    expect(r.study.complete).toBe(true);
    expect(r.anova.interaction_pooled).toBe(true);
    expect(r.anova.with_interaction.interaction.p).toBeCloseTo(0.974, 3);
    expect(r.anova.without_interaction.repeatability.ms).toBeCloseTo(0.03997, 5);
    const grr = r.components.find((c: Json) => c.source === 'gage_rr');
    expect(grr.percent_study_variation.toFixed(2)).toBe('27.86');
    expect(grr.percent_contribution.toFixed(2)).toBe('7.76');
    expect(grr.percent_tolerance.toFixed(2)).toBe('22.68');
    expect(r.ndc).toBe(4);
    expect(r.verdict).toEqual({
      study_variation: 'conditionally_acceptable',
      tolerance: 'conditionally_acceptable',
    });
  });

  it('prints the same figures in the PDF report', async () => {
    const res = await fetch(`${h.url}/api/reports/gage-study?study_id=${studyId}`, {
      headers: { 'x-api-key': metrologist.key },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/GageRR_GRR-.*_1_\d+\.pdf/);
    const dir = await tempDir();
    try {
      const path = dir.file('grr.pdf');
      await writeFile(path, Buffer.from(await res.arrayBuffer()));
      const text = (await pdfText(path)).replace(/[ \t]+/g, ' ');
      expect(text).toContain('Part 9 88.3619 9.81799 492.291 0.000');
      expect(text).toContain('Repeatability 78 3.11792 0.0399733');
      expect(text).toMatch(/Total Gage R&R 0\.0914285 7\.76 0\.302372 1\.81423 27\.86 22\.68/);
      expect(text).toContain('Number of distinct categories 4');
      expect(text).toContain('27.86 % — conditionally acceptable');
    } finally {
      await dir.remove();
    }
    const incomplete = await define({
      subtask_id: subtaskId,
      parts: 2,
      trials: 2,
      operator_ids: operators.slice(0, 2).map((o) => o.id),
    });
    const refused = await h.call('GET', `/api/reports/gage-study?study_id=${incomplete.body.id}`, {
      key: metrologist.key,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain('8 readings missing');
  });
});
