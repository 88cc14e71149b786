import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Gage R&R studies (crossed, ANOVA method). A study fixes a characteristic, the number of parts and trials
 * and its operators; `gage_study_trials` holds one row per planned reading, in each operator's randomised
 * run order, created with the study. Recording a reading fills `value` once (a second attempt finds it set
 * and is refused), so the plan and the readings cannot drift apart and nothing recorded is overwritten.
 */
export function gageStudiesMigration(dialect: Dialect): Migration {
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  return {
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('gage_studies'))
        .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id'))
        .addColumn('subtask_id', 'integer', (c) => c.notNull().references('subtasks.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('parts', 'integer', (c) => c.notNull())
        .addColumn('trials', 'integer', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        // USL − LSL when the study was defined: the figure its %tolerance refers to.
        .addColumn('tolerance', real)
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('gage_studies_recipe')
        .on('gage_studies')
        .columns(['recipe_id', 'id'])
        .execute();

      await id(db.schema.createTable('gage_study_operators'))
        .addColumn('study_id', 'integer', (c) => c.notNull().references('gage_studies.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addUniqueConstraint('gage_study_operators_user', ['study_id', 'user_id'])
        .addUniqueConstraint('gage_study_operators_position', ['study_id', 'position'])
        .execute();
      await db.schema
        .createIndex('gage_study_operators_by_user')
        .on('gage_study_operators')
        .column('user_id')
        .execute();

      await id(db.schema.createTable('gage_study_trials'))
        .addColumn('study_id', 'integer', (c) => c.notNull().references('gage_studies.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('part', 'integer', (c) => c.notNull())
        .addColumn('trial', 'integer', (c) => c.notNull())
        .addColumn('value', real)
        .addColumn('recorded_at', 'text')
        .addUniqueConstraint('gage_study_trials_sequence', ['study_id', 'user_id', 'sequence'])
        .addUniqueConstraint('gage_study_trials_reading', ['study_id', 'user_id', 'part', 'trial'])
        .execute();
    },
  };
}
