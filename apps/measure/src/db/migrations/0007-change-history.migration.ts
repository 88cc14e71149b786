import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database.js';

const REFUSED = 'change_records is append-only';

/**
 * The change history (docs/traceability.md): one row per change to recipes, versions, tasks, subtasks,
 * users, stations and their assignments, settings and point exclusions, written in the change's own
 * transaction. No route updates or deletes a row, and the database refuses it too: a trigger aborts any
 * UPDATE or DELETE (and, on PostgreSQL, TRUNCATE), so neither a bug nor a hand-typed statement through the
 * application's own connection rewrites the past.
 *
 * The exclusions kept their own record before (measurement_exclusions, still the state the statistics
 * read): those events are copied in here, so the history starts complete.
 */
export function changeHistoryMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('change_records');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('recorded_at', 'text', (c) => c.notNull())
        // Null: the service itself (the bootstrap admin and seed data).
        .addColumn('actor_id', 'integer', (c) => c.references('users.id'))
        .addColumn('entity_type', 'text', (c) => c.notNull())
        // Text: a setting is named by its key.
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        // The recipe the change concerns, across its versions (null for users, stations, settings).
        .addColumn('recipe_id', 'integer')
        // The recipe version the change landed in, when it concerns one.
        .addColumn('version_id', 'integer')
        // JSON array of {field, before, after}.
        .addColumn('changes', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .execute();
      await db.schema
        .createIndex('change_records_recipe')
        .on('change_records')
        .columns(['recipe_id', 'id'])
        .execute();
      await db.schema
        .createIndex('change_records_actor')
        .on('change_records')
        .columns(['actor_id', 'id'])
        .execute();
      await db.schema
        .createIndex('change_records_entity')
        .on('change_records')
        .columns(['entity_type', 'entity_id', 'id'])
        .execute();
      await copyExclusions(db);
      if (dialect === 'postgres') {
        await sql`create function change_records_append_only() returns trigger language plpgsql as $$
          begin raise exception '${sql.raw(REFUSED)}' using errcode = 'P0001'; end $$`.execute(db);
        await sql`create trigger change_records_no_update before update or delete on change_records
          for each row execute function change_records_append_only()`.execute(db);
        await sql`create trigger change_records_no_truncate before truncate on change_records
          for each statement execute function change_records_append_only()`.execute(db);
      } else {
        for (const operation of ['update', 'delete']) {
          await sql`create trigger ${sql.raw(`change_records_no_${operation}`)} before ${sql.raw(operation)}
            on change_records begin select raise(abort, '${sql.raw(REFUSED)}'); end`.execute(db);
        }
      }
    },
  };
}

/** Each exclusion becomes an `exclude` record, and each reinstatement a `reinstate` record, in time order. */
async function copyExclusions(db: Kysely<unknown>) {
  const rows = await sql<{
    id: number;
    measurement_id: number;
    recipe_id: number;
    version_id: number;
    reason: string;
    note: string;
    excluded_by: number;
    excluded_at: string;
    reinstated_by: number | null;
    reinstated_at: string | null;
    reinstate_note: string;
  }>`select e.id, e.measurement_id, m.recipe_id, m.version_id, e.reason, e.note, e.excluded_by, e.excluded_at,
        e.reinstated_by, e.reinstated_at, e.reinstate_note
      from measurement_exclusions e join measurements m on m.id = e.measurement_id order by e.id`.execute(db);
  const events = rows.rows.flatMap((row) => {
    const base = { entity_type: 'measurement_exclusion', entity_id: String(row.measurement_id) };
    const context = { recipe_id: row.recipe_id, version_id: row.version_id };
    const excluded = {
      ...base,
      ...context,
      recorded_at: row.excluded_at,
      actor_id: row.excluded_by,
      action: 'exclude',
      changes: JSON.stringify([
        { field: 'excluded', before: false, after: true },
        { field: 'cause', before: null, after: row.reason },
      ]),
      reason: row.note ? `${row.reason}: ${row.note}` : row.reason,
    };
    if (row.reinstated_at === null) return [excluded];
    return [
      excluded,
      {
        ...base,
        ...context,
        recorded_at: row.reinstated_at,
        actor_id: row.reinstated_by,
        action: 'reinstate',
        changes: JSON.stringify([{ field: 'excluded', before: true, after: false }]),
        reason: row.reinstate_note || null,
      },
    ];
  });
  events.sort((a, b) => a.recorded_at.localeCompare(b.recorded_at));
  for (const event of events)
    await db
      .insertInto('change_records' as never)
      .values(event as never)
      .execute();
}
