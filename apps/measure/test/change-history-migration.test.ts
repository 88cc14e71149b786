import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, migratorFor, openDatabase } from '../src/db/database.js';
import { createPgSchema, DIALECTS } from './helpers/harness.js';

const T = (minute: number) => `2026-03-01T08:${String(minute).padStart(2, '0')}:00.000Z`;

/**
 * The exclusions recorded before the change history existed are part of it after migration 0007: each
 * exclusion and each reinstatement becomes one record with its original actor, time, cause and note.
 */
describe.each(DIALECTS)('migration 0007 on %s', (dialect) => {
  it('copies every earlier exclusion and reinstatement into the history, in time order', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'measure-0007-'));
    const pg = dialect === 'postgres' ? await createPgSchema(process.env.DATABASE_URL as string) : undefined;
    const database = openDatabase({
      dataDir,
      databaseUrl: pg && process.env.DATABASE_URL,
      pgSchema: pg?.schema,
    });
    try {
      const { error } = await (await migratorFor(database)).migrateTo('0006-measurement-exclusions');
      expect(error).toBeUndefined();
      const { db } = database;
      const user = (username: string) =>
        db
          .insertInto('users')
          .values({
            username,
            password_hash: 'x',
            display_name: username,
            email: '',
            roles: '["Metrologist"]',
            is_admin: 0,
            active: 1,
            language_pref: 'en',
            theme_pref: 'light',
            created_at: T(0),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const anna = (await user('anna')).id;
      const ben = (await user('ben')).id;
      const recipe = await db
        .insertInto('recipes')
        .values({
          code: 'OLD',
          name: 'Old',
          description: '',
          active: 1,
          created_by: anna,
          created_at: T(0),
          updated_at: T(0),
          current_version_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const version = await db
        .insertInto('recipe_versions')
        .values({
          recipe_id: recipe.id,
          version_number: 1,
          change_notes: '',
          created_by: anna,
          created_at: T(0),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const task = await db
        .insertInto('tasks')
        .values({
          version_id: version.id,
          order_index: 0,
          title: 'T',
          directive: '',
          description: '',
          file_type: '',
          annotations_json: null,
          file_path: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const subtask = await db
        .insertInto('subtasks')
        .values({
          task_id: task.id,
          version_id: version.id,
          marker_number: 1,
          description: '',
          measurement_type: 'length',
          nominal: 10,
          utl: 11,
          uwl: 10.5,
          lwl: 9.5,
          ltl: 9,
          unit: 'mm',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const measurement = (value: number) =>
        db
          .insertInto('measurements')
          .values({
            subtask_id: subtask.id,
            version_id: version.id,
            recipe_id: recipe.id,
            measured_by: anna,
            value,
            pass_fail: 'fail',
            deviation: value - 10,
            lot_number: '',
            serial_number: '',
            input_method: 'manual',
            measured_at: T(1),
            synced_to_csv: 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const first = (await measurement(100)).id;
      const second = (await measurement(99)).id;
      await db
        .insertInto('measurement_exclusions')
        .values([
          {
            measurement_id: second,
            reason: 'Set-up or adjustment',
            note: '',
            excluded_by: anna,
            excluded_at: T(2),
            reinstated_by: null,
            reinstated_at: null,
            reinstate_note: '',
          },
          {
            measurement_id: first,
            reason: 'Gauge error',
            note: 'jaw open',
            excluded_by: anna,
            excluded_at: T(3),
            reinstated_by: ben,
            reinstated_at: T(5),
            reinstate_note: 'gauge was fine',
          },
        ])
        .execute();

      await migrate(database);

      const records = await db.selectFrom('change_records').selectAll().orderBy('id').execute();
      const context = { entity_type: 'measurement_exclusion', recipe_id: recipe.id, version_id: version.id };
      expect(
        records.map(({ id: _id, changes, ...rest }) => ({ ...rest, changes: JSON.parse(changes) })),
      ).toEqual([
        {
          ...context,
          entity_id: String(second),
          action: 'exclude',
          actor_id: anna,
          recorded_at: T(2),
          reason: 'Set-up or adjustment',
          changes: [
            { field: 'excluded', before: false, after: true },
            { field: 'cause', before: null, after: 'Set-up or adjustment' },
          ],
        },
        {
          ...context,
          entity_id: String(first),
          action: 'exclude',
          actor_id: anna,
          recorded_at: T(3),
          reason: 'Gauge error: jaw open',
          changes: [
            { field: 'excluded', before: false, after: true },
            { field: 'cause', before: null, after: 'Gauge error' },
          ],
        },
        {
          ...context,
          entity_id: String(first),
          action: 'reinstate',
          actor_id: ben,
          recorded_at: T(5),
          reason: 'gauge was fine',
          changes: [{ field: 'excluded', before: true, after: false }],
        },
      ]);
    } finally {
      await database.destroy();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
