import { unprocessable } from '@app/kit';
import type { Insertable, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { DB, MeasurementsTable } from '../../db/schema.types.js';
import type { Measurement, MeasurementFilters } from './measurements.schema.js';

export type MeasurementRow = Selectable<MeasurementsTable>;

export const toMeasurement = ({
  recipe_id: _recipe,
  batch_ref: _batch,
  ...row
}: MeasurementRow): Measurement => ({
  ...row,
  pass_fail: row.pass_fail as Measurement['pass_fail'],
  synced_to_csv: row.synced_to_csv === 1,
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** ISO text bounds for measured_at; a date-only `to` includes that whole day. */
export function dateBound(text: string, field: string, end: boolean): { value: string; inclusive: boolean } {
  const parsed = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00.000Z` : text);
  if (Number.isNaN(parsed.getTime()))
    throw unprocessable(`querystring.${field}: must be an ISO 8601 date or date-time`);
  if (end && DATE_ONLY.test(text)) {
    parsed.setUTCDate(parsed.getUTCDate() + 1);
    return { value: parsed.toISOString(), inclusive: false };
  }
  return { value: parsed.toISOString(), inclusive: true };
}

type MeasurementQuery<O> = SelectQueryBuilder<DB, 'measurements', O>;

/** The filters of list, export and statistics, each backed by an index (0001-initial). */
export function applyFilters<O>(query: MeasurementQuery<O>, f: MeasurementFilters): MeasurementQuery<O> {
  let q = query;
  if (f.recipe_id !== undefined) q = q.where('recipe_id', '=', f.recipe_id);
  if (f.version_id !== undefined) q = q.where('version_id', '=', f.version_id);
  if (f.subtask_id !== undefined) q = q.where('subtask_id', '=', f.subtask_id);
  if (f.subtask_ids !== undefined) q = q.where('subtask_id', 'in', f.subtask_ids);
  if (f.measured_by !== undefined) q = q.where('measured_by', '=', f.measured_by);
  if (f.lot_number !== undefined) q = q.where('lot_number', '=', f.lot_number);
  if (f.serial_number !== undefined) q = q.where('serial_number', '=', f.serial_number);
  if (f.pass_fail !== undefined) q = q.where('pass_fail', '=', f.pass_fail);
  if (f.gauge_id !== undefined) q = q.where('gauge_id', '=', f.gauge_id);
  if (f.date_from !== undefined)
    q = q.where('measured_at', '>=', dateBound(f.date_from, 'date_from', false).value);
  if (f.date_to !== undefined) {
    const bound = dateBound(f.date_to, 'date_to', true);
    q = q.where('measured_at', bound.inclusive ? '<=' : '<', bound.value);
  }
  return q;
}

/** Rows per multi-row INSERT: 500 × 13 parameters stays far below both dialects' limits. */
const INSERT_CHUNK = 500;

export const measurementsRepository = {
  /** Subtasks with the recipe they belong to, for validating and classifying a batch. */
  subtasksWithRecipe: (db: Kysely<DB>, ids: number[]) =>
    db
      .selectFrom('subtasks')
      .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
      .innerJoin('recipes', 'recipes.id', 'recipe_versions.recipe_id')
      .select([
        'subtasks.id',
        'subtasks.version_id',
        'recipe_versions.recipe_id',
        'recipe_versions.version_number',
        'recipes.current_version_id',
        'subtasks.nominal',
        'subtasks.utl',
        'subtasks.uwl',
        'subtasks.lwl',
        'subtasks.ltl',
      ])
      .where('subtasks.id', 'in', ids)
      .execute(),

  /**
   * PostgreSQL: a shared lock on the recipes being measured, so an in-place
   * edit of their limits (which takes FOR UPDATE) cannot interleave with the
   * insert. SQLite writers are already serialised.
   */
  shareLockRecipes: async (db: Kysely<DB>, dialect: Dialect, versionIds: number[]) => {
    if (dialect !== 'postgres' || versionIds.length === 0) return;
    await db
      .selectFrom('recipes')
      .select('id')
      .where('id', 'in', db.selectFrom('recipe_versions').select('recipe_id').where('id', 'in', versionIds))
      .orderBy('id')
      .forShare()
      .execute();
  },

  insertMany: async (db: Kysely<DB>, rows: Insertable<MeasurementsTable>[]): Promise<MeasurementRow[]> => {
    const out: MeasurementRow[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      out.push(
        ...(await db
          .insertInto('measurements')
          .values(rows.slice(i, i + INSERT_CHUNK))
          .returningAll()
          .execute()),
      );
    }
    return out;
  },

  /** The list page query, unexecuted (also compiled by the query-plan test). */
  listQuery: (db: Kysely<DB>, filters: MeasurementFilters, offset: number, limit: number) =>
    applyFilters(db.selectFrom('measurements').selectAll(), filters)
      .orderBy('measured_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit),

  list: (db: Kysely<DB>, filters: MeasurementFilters, offset: number, limit: number) =>
    measurementsRepository.listQuery(db, filters, offset, limit).execute(),

  count: async (db: Kysely<DB>, filters: MeasurementFilters) =>
    Number(
      (
        await applyFilters(
          db.selectFrom('measurements').select((eb) => eb.fn.countAll().as('n')),
          filters,
        ).executeTakeFirstOrThrow()
      ).n,
    ),

  /** Display names of operators, marker numbers of points and version numbers, for one list page's rows. */
  labels: async (db: Kysely<DB>, rows: MeasurementRow[]) => {
    const userIds = [...new Set(rows.map((r) => r.measured_by))];
    const subtaskIds = [...new Set(rows.map((r) => r.subtask_id))];
    const [users, subtasks] = await Promise.all([
      userIds.length === 0
        ? []
        : db
            .selectFrom('users')
            .select(['id', 'username', 'display_name'])
            .where('id', 'in', userIds)
            .execute(),
      subtaskIds.length === 0
        ? []
        : db
            .selectFrom('subtasks')
            .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
            .select([
              'subtasks.id',
              'subtasks.marker_number',
              'subtasks.description',
              'recipe_versions.version_number',
            ])
            .where('subtasks.id', 'in', subtaskIds)
            .execute(),
    ]);
    return {
      operators: new Map(users.map((u) => [u.id, u.display_name || u.username])),
      subtasks: new Map(subtasks.map((s) => [s.id, s])),
    };
  },

  /** The recipe and marker number of a subtask: the characteristic it is one version of. */
  characteristicOf: (db: Kysely<DB>, subtaskId: number) =>
    db
      .selectFrom('subtasks')
      .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
      .select(['recipe_versions.recipe_id', 'subtasks.marker_number'])
      .where('subtasks.id', '=', subtaskId)
      .executeTakeFirst(),

  /** How often a part (recipe, lot, serial) was measured already, and when last. */
  partSummary: async (db: Kysely<DB>, filters: MeasurementFilters) => {
    const row = await applyFilters(
      db
        .selectFrom('measurements')
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('measured_at').as('last')]),
      filters,
    ).executeTakeFirstOrThrow();
    return { measurement_count: Number(row.n), last_measured_at: (row.last as string | null) ?? null };
  },

  /** One keyset page in id order: the export walks these so it never holds more than one chunk. */
  chunkAfter: (db: Kysely<DB>, filters: MeasurementFilters, afterId: number, limit: number) =>
    applyFilters(db.selectFrom('measurements').selectAll(), filters)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute(),
};
