import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.js';
import { exportCsv } from '../src/features/measurements/measurements.csv.js';
import { recipeWithTask } from './helpers/fixtures.js';
import { type Harness, startMeasure } from './helpers/harness.js';

/**
 * SQLite only: its cursor never waits for I/O (PostgreSQL pages are awaited queries), so only there could
 * an export run from its first row to its last without the server doing anything else.
 */
describe('CSV export on sqlite', () => {
  let h: Harness;
  let database: Database;
  let recipeId: number;
  beforeAll(async () => {
    h = await startMeasure('sqlite');
    const recipe = await recipeWithTask(h);
    recipeId = recipe.id;
    const subtask = recipe.current_version.tasks[0].subtasks[0];
    const measurements = Array.from({ length: 3000 }, (_, i) => ({
      subtask_id: subtask.id,
      version_id: recipe.current_version.id,
      value: 10 + (i % 7) / 100,
    }));
    await h.call('POST', '/api/measurements/batch', { key: h.adminKey, body: { measurements } });
    database = openDatabase({ dataDir: h.config.DATA_DIR });
  });
  afterAll(async () => {
    await database?.destroy();
    await h?.close();
  });

  it('lets other work run while it streams, even to a reader that never makes it wait', async () => {
    const stream = exportCsv(database, { recipe_id: recipeId }, { delimiter: ',', decimalSeparator: '.' });
    let chunks = 0;
    let chunksWhenOtherWorkRan: number | undefined;
    for await (const _chunk of stream) {
      chunks += 1;
      if (chunks === 2) setImmediate(() => (chunksWhenOtherWorkRan = chunks));
    }
    // The header and 6 batches of 500 rows; the other work got its turn before the last one.
    expect(chunks).toBe(7);
    expect(chunksWhenOtherWorkRan).toBeLessThan(7);
  });
});
