import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

type Table = CreateTableBuilder<string, never>;

/** The one migration set: only the id column type differs between the dialects. */
export function initialMigration(dialect: Dialect): Migration {
  const withId = (table: Table): Table =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const text = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo('');
  const flag = (defaultValue: number) => (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(defaultValue);
  const real = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('users'))
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('display_name', 'text', text)
        .addColumn('email', 'text', text)
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_admin', 'integer', flag(0))
        .addColumn('active', 'integer', flag(1))
        .addColumn('language_pref', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('theme_pref', 'text', (c) => c.notNull().defaultTo('light'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('api_keys'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();

      await withId(db.schema.createTable('recipes'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', text)
        .addColumn('active', 'integer', flag(1))
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('current_version_id', 'integer')
        .execute();
      await db.schema.createIndex('recipes_active_name').on('recipes').columns(['active', 'name']).execute();

      await withId(db.schema.createTable('recipe_versions'))
        .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id'))
        .addColumn('version_number', 'integer', (c) => c.notNull())
        .addColumn('change_notes', 'text', text)
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        // The backstop against two concurrent edits producing the same version number.
        .addUniqueConstraint('recipe_versions_recipe_number', ['recipe_id', 'version_number'])
        .execute();

      await withId(db.schema.createTable('tasks'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('recipe_versions.id'))
        .addColumn('order_index', 'integer', (c) => c.notNull())
        .addColumn('title', 'text', text)
        .addColumn('directive', 'text', text)
        .addColumn('description', 'text', text)
        .addColumn('file_type', 'text', text)
        .addColumn('annotations_json', 'text')
        .execute();
      await db.schema
        .createIndex('tasks_version_order')
        .on('tasks')
        .columns(['version_id', 'order_index'])
        .execute();

      await withId(db.schema.createTable('subtasks'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('recipe_versions.id'))
        .addColumn('marker_number', 'integer', (c) => c.notNull())
        .addColumn('description', 'text', text)
        .addColumn('measurement_type', 'text', text)
        .addColumn('nominal', real, (c) => c.notNull())
        .addColumn('utl', real, (c) => c.notNull())
        .addColumn('uwl', real, (c) => c.notNull())
        .addColumn('lwl', real, (c) => c.notNull())
        .addColumn('ltl', real, (c) => c.notNull())
        .addColumn('unit', 'text', text)
        .addUniqueConstraint('subtasks_version_marker', ['version_id', 'marker_number'])
        .execute();
      await db.schema.createIndex('subtasks_task').on('subtasks').column('task_id').execute();

      await withId(db.schema.createTable('measurements'))
        .addColumn('subtask_id', 'integer', (c) => c.notNull().references('subtasks.id'))
        .addColumn('version_id', 'integer', (c) => c.notNull().references('recipe_versions.id'))
        .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id'))
        .addColumn('measured_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('value', real, (c) => c.notNull())
        .addColumn('pass_fail', 'text', (c) => c.notNull())
        .addColumn('deviation', real, (c) => c.notNull())
        .addColumn('lot_number', 'text', text)
        .addColumn('serial_number', 'text', text)
        .addColumn('input_method', 'text', text)
        .addColumn('measured_at', 'text', (c) => c.notNull())
        .addColumn('synced_to_csv', 'integer', flag(0))
        .execute();
      // One index per filter of the list, export and statistics endpoints.
      const indexes: [string, string[]][] = [
        ['measurements_subtask_time', ['subtask_id', 'measured_at']],
        ['measurements_recipe_time', ['recipe_id', 'measured_at']],
        ['measurements_version', ['version_id', 'measured_at']],
        ['measurements_lot', ['lot_number']],
        ['measurements_serial', ['serial_number']],
        ['measurements_measured_by', ['measured_by', 'measured_at']],
        ['measurements_pass_fail', ['pass_fail', 'measured_at']],
        ['measurements_time', ['measured_at']],
      ];
      for (const [name, columns] of indexes) {
        await db.schema.createIndex(name).on('measurements').columns(columns).execute();
      }

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('stations'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('location', 'text')
        .addColumn('notes', 'text')
        .addColumn('active', 'integer', flag(1))
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('station_recipes'))
        .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id').onDelete('cascade'))
        .addColumn('recipe_id', 'integer', (c) => c.notNull().references('recipes.id'))
        .addColumn('assigned_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('assigned_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('station_recipes_pair', ['station_id', 'recipe_id'])
        .execute();
    },
  };
}
