import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviationResolutionMigration } from '../src/db/migrations/0005-deviation-resolution.migration.js';
import { uniqueCode } from './helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';

/**
 * The deviation a user reads is the exact decimal difference at the measurement's resolution
 * (docs/decisions.md): 30.004 against 30 is 0.004 in the response, the list and the CSV, never
 * 0.004000000000001336, and rows stored before the rule are corrected by a migration.
 */
describe.each(DIALECTS)('deviation at the measurement’s resolution on %s', (dialect) => {
  let h: Harness;
  let recipeId: number;
  let versionId: number;
  let subtaskId: number;
  beforeAll(async () => {
    h = await startMeasure(dialect);
    const recipe = await h.call('POST', '/api/recipes', {
      key: h.adminKey,
      body: { code: uniqueCode('DEV'), name: 'Bore' },
    });
    recipeId = recipe.body.id;
    await h.call('POST', `/api/recipes/${recipeId}/tasks`, {
      key: h.adminKey,
      body: {
        title: 'Bore',
        subtasks: [{ marker_number: 1, nominal: 30, ltl: 29.95, lwl: 29.97, uwl: 30.03, utl: 30.05 }],
      },
    });
    const full = await h.call('GET', `/api/recipes/${recipeId}`, { key: h.adminKey });
    versionId = full.body.current_version.id;
    subtaskId = full.body.current_version.tasks[0].subtasks[0].id;
  });
  afterAll(() => h?.close());

  it('answers 0.004 exactly for 30.004 against 30, and −0.03 for 29.97, in the response, the list and the CSV', async () => {
    const recorded = await h.call('POST', '/api/measurements/batch', {
      key: h.adminKey,
      body: {
        measurements: [
          { subtask_id: subtaskId, version_id: versionId, value: 30.004, serial_number: 'A' },
          { subtask_id: subtaskId, version_id: versionId, value: 29.97, serial_number: 'B' },
        ],
      },
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.map((m: { deviation: number }) => m.deviation)).toEqual([0.004, -0.03]);
    const list = await h.call('GET', `/api/measurements/?recipe_id=${recipeId}`, { key: h.adminKey });
    expect(list.text).toContain('"deviation":0.004,');
    expect(list.text).toContain('"deviation":-0.03,');
    const csv = await h.call('GET', `/api/measurements/export/csv?recipe_id=${recipeId}`, {
      key: h.adminKey,
    });
    expect(csv.status).toBe(200);
    const deviations = csv.text
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(/[,;]/)[6]);
    expect(deviations).toEqual(['0.004', '-0.03']);
  });

  it('corrects deviations stored with float noise before the rule', async () => {
    const recorded = await h.call('POST', '/api/measurements/', {
      key: h.adminKey,
      body: { subtask_id: subtaskId, version_id: versionId, value: 30.004, serial_number: 'C' },
    });
    const id = recorded.body.id as number;
    await h.db
      .updateTable('measurements')
      .set({ deviation: 30.004 - 30 })
      .where('id', '=', id)
      .execute();
    await deviationResolutionMigration.up(h.db as never);
    const row = await h.db
      .selectFrom('measurements')
      .select('deviation')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deviation).toBe(0.004);
  });
});
