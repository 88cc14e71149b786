import type { Kysely, Migration } from 'kysely';
import { deviation } from '../../spc/classification.js';

const PAGE = 1000;

interface Row {
  id: number;
  value: number;
  deviation: number;
  nominal: number;
}

/**
 * Deviations stored before they were rounded to the measurement's resolution carry floating-point
 * noise (0.004000000000001336 for 30.004 against 30). They are recomputed from the stored value and
 * the subtask's nominal with the same function new measurements use, so API, CSV and PDF show the
 * same number for old and new rows. Keyset pages keep memory flat on a large table; only rows whose
 * number changes are written.
 */
export const deviationResolutionMigration: Migration = {
  async up(untyped: Kysely<unknown>) {
    const db = untyped as unknown as Kysely<{
      measurements: { id: number; value: number; deviation: number; subtask_id: number };
      subtasks: { id: number; nominal: number };
    }>;
    let after = 0;
    while (true) {
      const rows: Row[] = await db
        .selectFrom('measurements')
        .innerJoin('subtasks', 'subtasks.id', 'measurements.subtask_id')
        .select(['measurements.id', 'measurements.value', 'measurements.deviation', 'subtasks.nominal'])
        .where('measurements.id', '>', after)
        .orderBy('measurements.id')
        .limit(PAGE)
        .execute();
      if (rows.length === 0) return;
      for (const row of rows) {
        const exact = deviation(Number(row.value), Number(row.nominal));
        if (exact === Number(row.deviation)) continue;
        await db.updateTable('measurements').set({ deviation: exact }).where('id', '=', row.id).execute();
      }
      after = (rows.at(-1) as Row).id;
    }
  },
};
