import type { ExpressionBuilder, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { DB, MeasurementExclusionsTable } from '../../db/schema.types.js';
import { applyFilters } from '../measurements/measurements.repository.js';
import type { MeasurementFilters } from '../measurements/measurements.schema.js';
import type { Exclusion } from './exclusions.schema.js';

export const toExclusion = (row: Selectable<MeasurementExclusionsTable>): Exclusion => ({
  ...row,
  active: row.reinstated_at === null,
});

/**
 * A measurements query without the points excluded from the statistics: every statistic (summary,
 * capability, charts, histogram, the SPC report) reads through this, so an excluded point leaves all of
 * them at once. The probe is the partial unique index on active exclusions, one lookup per row.
 */
export function withoutExcluded<O>(
  query: SelectQueryBuilder<DB, 'measurements', O>,
): SelectQueryBuilder<DB, 'measurements', O> {
  return query.where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('measurement_exclusions')
          .select('measurement_exclusions.id')
          .whereRef('measurement_exclusions.measurement_id', '=', 'measurements.id')
          .where('measurement_exclusions.reinstated_at', 'is', null),
      ),
    ),
  );
}

export const exclusionsRepository = {
  measurement: (db: Kysely<DB>, id: number) =>
    db
      .selectFrom('measurements')
      .select(['id', 'recipe_id', 'version_id'])
      .where('id', '=', id)
      .executeTakeFirst(),

  insert: (
    db: Kysely<DB>,
    row: { measurement_id: number; reason: string; note: string; excluded_by: number; excluded_at: string },
  ) => db.insertInto('measurement_exclusions').values(row).returningAll().executeTakeFirstOrThrow(),

  /** Ends the measurement's active exclusion; undefined when it has none. */
  reinstate: (db: Kysely<DB>, measurementId: number, by: number, at: string, note: string) =>
    db
      .updateTable('measurement_exclusions')
      .set({ reinstated_by: by, reinstated_at: at, reinstate_note: note })
      .where('measurement_id', '=', measurementId)
      .where('reinstated_at', 'is', null)
      .returningAll()
      .executeTakeFirst(),

  /** Every exclusion of one measurement, oldest first: its history. */
  ofMeasurement: (db: Kysely<DB>, measurementId: number) =>
    db
      .selectFrom('measurement_exclusions')
      .selectAll()
      .where('measurement_id', '=', measurementId)
      .orderBy('id')
      .execute(),

  /** Exclusions of a recipe's measurements with the measurement's fields, newest first. */
  listQuery: (db: Kysely<DB>, filters: { recipe_id: number; subtask_id?: number; active?: boolean }) => {
    let query = db
      .selectFrom('measurement_exclusions')
      .innerJoin('measurements', 'measurements.id', 'measurement_exclusions.measurement_id')
      .where('measurements.recipe_id', '=', filters.recipe_id);
    if (filters.subtask_id !== undefined)
      query = query.where('measurements.subtask_id', '=', filters.subtask_id);
    if (filters.active !== undefined)
      query = query.where('measurement_exclusions.reinstated_at', filters.active ? 'is' : 'is not', null);
    return query;
  },
};

/** The selection's points that are excluded right now, in SPC order, for the chart to show apart. */
export function excludedInSelection(db: Kysely<DB>, filters: MeasurementFilters) {
  const active = (eb: ExpressionBuilder<DB, 'measurements'>) =>
    eb
      .selectFrom('measurement_exclusions')
      .whereRef('measurement_exclusions.measurement_id', '=', 'measurements.id')
      .where('measurement_exclusions.reinstated_at', 'is', null);
  return applyFilters(
    db
      .selectFrom('measurements')
      .select((eb) => [
        'measurements.id as measurement_id',
        'measurements.subtask_id',
        'measurements.value',
        'measurements.measured_at',
        active(eb).select('measurement_exclusions.reason').as('reason'),
        active(eb).select('measurement_exclusions.note').as('note'),
      ])
      .where((eb) => eb.exists(active(eb).select('measurement_exclusions.id'))),
    filters,
  )
    .orderBy('measured_at')
    .orderBy('id');
}

/**
 * Counted points of the selection measured at exactly `measuredAt` with a smaller id: with the points
 * measured before that instant, where an excluded point falls in the series' SPC order (measured_at, then
 * id). A batch stores its items at one instant, so the time alone cannot place a point among them.
 */
export const countedTiedBefore = (
  db: Kysely<DB>,
  filters: MeasurementFilters,
  measuredAt: string,
  id: number,
) =>
  withoutExcluded(
    applyFilters(
      db.selectFrom('measurements').select((eb) => eb.fn.countAll<number>().as('n')),
      filters,
    ),
  )
    .where('measured_at', '=', measuredAt)
    .where('id', '<', id);
