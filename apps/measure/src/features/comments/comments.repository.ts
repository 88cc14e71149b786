import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.types.js';
import { applyFilters } from '../measurements/measurements.repository.js';
import type { MeasurementFilters } from '../measurements/measurements.schema.js';

/** Comments with their author's name: the one select every read shares. */
function withAuthor(db: Kysely<DB>) {
  return db
    .selectFrom('measurement_comments')
    .innerJoin('users', 'users.id', 'measurement_comments.created_by')
    .selectAll('measurement_comments')
    .select(sql<string>`coalesce(nullif(users.display_name, ''), users.username)`.as('author'));
}

export const commentsRepository = {
  measurement: (db: Kysely<DB>, id: number) =>
    db.selectFrom('measurements').select(['id']).where('id', '=', id).executeTakeFirst(),

  insert: async (
    db: Kysely<DB>,
    row: { measurement_id: number; text: string; created_by: number; created_at: string },
  ) => {
    const { id } = await db
      .insertInto('measurement_comments')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return withAuthor(db).where('measurement_comments.id', '=', id).executeTakeFirstOrThrow();
  },

  ofMeasurement: (db: Kysely<DB>, measurementId: number) =>
    withAuthor(db)
      .where('measurement_comments.measurement_id', '=', measurementId)
      .orderBy('measurement_comments.id')
      .execute(),

  /** Comments on a recipe's measurements (optionally one subtask's, or the given ids). */
  listQuery: (
    db: Kysely<DB>,
    filters: { recipe_id: number; subtask_id?: number; measurement_ids?: number[] },
  ) => {
    let query = withAuthor(db)
      .innerJoin('measurements', 'measurements.id', 'measurement_comments.measurement_id')
      .where('measurements.recipe_id', '=', filters.recipe_id);
    if (filters.subtask_id !== undefined)
      query = query.where('measurements.subtask_id', '=', filters.subtask_id);
    if (filters.measurement_ids) query = query.where('measurements.id', 'in', filters.measurement_ids);
    return query;
  },
};

/**
 * Comments on the points of a statistics selection (counted or excluded), in SPC order of their points, with
 * what the chart needs to place them: the point's time and id.
 */
export function commentsInSelection(db: Kysely<DB>, filters: MeasurementFilters) {
  return withAuthor(db)
    .innerJoin('measurements', 'measurements.id', 'measurement_comments.measurement_id')
    .select(['measurements.subtask_id', 'measurements.measured_at'])
    .where(
      'measurement_comments.measurement_id',
      'in',
      applyFilters(db.selectFrom('measurements').select('measurements.id'), filters),
    )
    .orderBy('measurements.measured_at')
    .orderBy('measurements.id')
    .orderBy('measurement_comments.id');
}
