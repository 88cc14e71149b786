import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.js';
import { exportCsv } from '../src/features/measurements/measurements.csv.js';
import { recipeWithTask } from './helpers/fixtures.js';
import { type Harness, startMeasure } from './helpers/harness.js';

const pgUrl = process.env.DATABASE_URL;
const ROWS = 250_000;

/** Reads a whole export and returns its line count and the wall-clock milliseconds it took. */
async function timedExport(database: Database, recipeId: number): Promise<{ lines: number; ms: number }> {
  const started = performance.now();
  let lines = 0;
  for await (const chunk of exportCsv(
    database,
    { recipe_id: recipeId },
    { delimiter: ',', decimalSeparator: '.' },
  ))
    lines += (String(chunk).match(/\r\n/g) ?? []).length;
  return { lines, ms: performance.now() - started };
}

/**
 * The probe's finding: right after a bulk load, before anything analysed the table, each 500-row
 * keyset page of the export re-read the whole recipe (some 80 ms a page, 29-40 s for 250,000 rows
 * against 1.6 s after ANALYZE). An export must not depend on the planner's statistics: the same
 * export before and after ANALYZE must be of the same order. The ratio (3x) compares two runs on
 * the same machine under the same load, so it holds on a busy CI machine where absolute times do not.
 */
describe.skipIf(!pgUrl)('CSV export on PostgreSQL right after a bulk load', () => {
  let h: Harness;
  let database: Database;
  let recipeId: number;
  beforeAll(async () => {
    h = await startMeasure('postgres');
    const recipe = await recipeWithTask(h);
    recipeId = recipe.id;
    const subtask = recipe.current_version.tasks[0].subtasks[0];
    database = openDatabase({ dataDir: h.config.DATA_DIR, databaseUrl: pgUrl, pgSchema: h.pgSchema });
    // Keep autovacuum from analysing the table mid-test: the case is "before any ANALYZE".
    await sql`alter table measurements set (autovacuum_enabled = false)`.execute(database.db);
    await sql`insert into measurements (subtask_id, version_id, recipe_id, measured_by, value, pass_fail,
        deviation, lot_number, serial_number, input_method, measured_at, synced_to_csv)
      select ${subtask.id}, ${recipe.current_version.id}, ${recipeId}, 1, 10 + (i % 7) / 100.0, 'pass',
        (i % 7) / 100.0, 'L-' || (i / 1000), 'S-' || i, 'manual',
        to_char(timestamp '2026-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 0
      from generate_series(1, ${ROWS}) as i`.execute(database.db);
  }, 120_000);
  afterAll(async () => {
    await database?.destroy();
    await h?.close();
  });

  it('exports 250,000 rows before ANALYZE within 3x the time after it', async () => {
    const before = await timedExport(database, recipeId);
    await sql`analyze measurements`.execute(database.db);
    const after = await timedExport(database, recipeId);
    console.info(
      `CSV export of ${ROWS} rows on PostgreSQL: ${Math.round(before.ms)} ms before ANALYZE, ${Math.round(after.ms)} ms after`,
    );
    expect(before.lines).toBe(ROWS + 1);
    expect(after.lines).toBe(ROWS + 1);
    expect(before.ms).toBeLessThan(3 * after.ms);
  }, 300_000);

  it('gives its connection back when the client stops reading', async () => {
    const pool = database.pool;
    if (!pool) throw new Error('expected PostgreSQL');
    const released = new Promise((resolve) => pool.once('release', resolve));
    for await (const _chunk of exportCsv(
      database,
      { recipe_id: recipeId },
      { delimiter: ',', decimalSeparator: '.' },
    ))
      break;
    await released;
    expect(pool.idleCount).toBe(pool.totalCount);
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
