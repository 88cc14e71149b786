import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.types.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** Rows per INSERT: far below SQLite's and PostgreSQL's bind-parameter limits at 7 columns a row. */
const INSERT_CHUNK = 500;

export const gageStudiesRepository = {
  /** The characteristic with its recipe and limits; undefined when it does not exist. */
  subtask: (db: Executor, subtaskId: number) =>
    db
      .selectFrom('subtasks')
      .innerJoin('recipe_versions', 'recipe_versions.id', 'subtasks.version_id')
      .select([
        'subtasks.id',
        'subtasks.marker_number',
        'subtasks.ltl',
        'subtasks.utl',
        'recipe_versions.recipe_id',
      ])
      .where('subtasks.id', '=', subtaskId)
      .executeTakeFirst(),

  /** Active users holding the operator role, for choosing a study's operators (no contact details). */
  candidates: (db: Executor, role: string) =>
    db
      .selectFrom('users')
      .select(['id', 'username', 'display_name'])
      .where('active', '=', 1)
      // roles is a JSON array of names; the quoted name cannot match inside another role's name
      .where('roles', 'like', `%"${role}"%`)
      .orderBy('username')
      .limit(1000)
      .execute(),

  users: (db: Executor, ids: readonly number[]) =>
    db.selectFrom('users').select(['id', 'roles', 'active']).where('id', 'in', ids).execute(),

  insertStudy: (
    db: Executor,
    row: {
      recipe_id: number;
      subtask_id: number;
      name: string;
      parts: number;
      trials: number;
      seed: number;
      tolerance: number | null;
      created_by: number;
      created_at: string;
    },
  ) => db.insertInto('gage_studies').values(row).returning('id').executeTakeFirstOrThrow(),

  insertOperators: (db: Executor, rows: { study_id: number; position: number; user_id: number }[]) =>
    db.insertInto('gage_study_operators').values(rows).execute(),

  async insertPlan(
    db: Executor,
    rows: { study_id: number; user_id: number; sequence: number; part: number; trial: number }[],
  ): Promise<void> {
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await db
        .insertInto('gage_study_trials')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
  },

  /** Studies with their characteristic and recipe, newest first. */
  studies: (
    db: Executor,
    filter: { id?: number; recipe_id?: number; subtask_id?: number; ids?: number[] },
  ) => {
    let query = db
      .selectFrom('gage_studies')
      .innerJoin('subtasks', 'subtasks.id', 'gage_studies.subtask_id')
      .innerJoin('recipes', 'recipes.id', 'gage_studies.recipe_id')
      .selectAll('gage_studies')
      .select([
        'recipes.code as recipe_code',
        'subtasks.marker_number',
        'subtasks.description as characteristic',
        'subtasks.unit',
      ]);
    if (filter.id !== undefined) query = query.where('gage_studies.id', '=', filter.id);
    if (filter.recipe_id !== undefined) query = query.where('gage_studies.recipe_id', '=', filter.recipe_id);
    if (filter.subtask_id !== undefined)
      query = query.where('gage_studies.subtask_id', '=', filter.subtask_id);
    if (filter.ids !== undefined) query = query.where('gage_studies.id', 'in', filter.ids);
    return query.orderBy('gage_studies.id', 'desc').limit(500).execute();
  },

  /** Each study's operators with how many readings each has recorded. */
  operators: (db: Executor, studyIds: readonly number[]) =>
    db
      .selectFrom('gage_study_operators')
      .innerJoin('users', 'users.id', 'gage_study_operators.user_id')
      .innerJoin('gage_study_trials', (join) =>
        join
          .onRef('gage_study_trials.study_id', '=', 'gage_study_operators.study_id')
          .onRef('gage_study_trials.user_id', '=', 'gage_study_operators.user_id'),
      )
      .select(({ fn }) => [
        'gage_study_operators.study_id',
        'gage_study_operators.position',
        'gage_study_operators.user_id',
        'users.username',
        'users.display_name',
        fn.count<number | string>('gage_study_trials.value').as('recorded'),
        fn.countAll<number | string>().as('total'),
      ])
      .where('gage_study_operators.study_id', 'in', studyIds)
      .groupBy([
        'gage_study_operators.study_id',
        'gage_study_operators.position',
        'gage_study_operators.user_id',
        'users.username',
        'users.display_name',
      ])
      .orderBy('gage_study_operators.study_id')
      .orderBy('gage_study_operators.position')
      .execute(),

  /** Studies in which the user still has readings to take. */
  openFor: (db: Executor, userId: number) =>
    db
      .selectFrom('gage_study_trials')
      .select('study_id')
      .distinct()
      .where('user_id', '=', userId)
      .where('value', 'is', null)
      .execute(),

  /** The user's first reading not yet recorded, in run order. */
  nextReading: (db: Executor, studyId: number, userId: number) =>
    db
      .selectFrom('gage_study_trials')
      .select(['id', 'sequence', 'part', 'trial'])
      .where('study_id', '=', studyId)
      .where('user_id', '=', userId)
      .where('value', 'is', null)
      .orderBy('sequence')
      .limit(1)
      .executeTakeFirst(),

  /** Fills a reading once: no row comes back when it was already recorded (a concurrent second attempt). */
  record: (db: Executor, id: number, value: number, at: string) =>
    db
      .updateTable('gage_study_trials')
      .set({ value, recorded_at: at })
      .where('id', '=', id)
      .where('value', 'is', null)
      .returning(['sequence', 'part', 'trial', 'value', 'recorded_at'])
      .executeTakeFirst(),

  readings: (db: Executor, studyId: number) =>
    db
      .selectFrom('gage_study_trials')
      .innerJoin('gage_study_operators', (join) =>
        join
          .onRef('gage_study_operators.study_id', '=', 'gage_study_trials.study_id')
          .onRef('gage_study_operators.user_id', '=', 'gage_study_trials.user_id'),
      )
      .select([
        'gage_study_operators.position',
        'gage_study_trials.part',
        'gage_study_trials.trial',
        'gage_study_trials.value',
      ])
      .where('gage_study_trials.study_id', '=', studyId)
      .execute(),
};
