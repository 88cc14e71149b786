import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

interface GaugeBefore {
  id: number;
  status: string;
  created_at: string;
  in_service_from: string | null;
  out_of_service_from: string | null;
}

/**
 * The periods 0008's two columns (the last entry into and exit from service) can vouch for. Earlier
 * cycles were never stored, so a gauge that left and came back gets one earlier period from its
 * registration to its last exit: as loose as 0008 was there (it accepted anything before that exit),
 * but never before the gauge existed.
 */
export function knownPeriods(g: GaugeBefore): { started_at: string; ended_at: string | null }[] {
  const { in_service_from: from, out_of_service_from: until } = g;
  if (from === null) return [];
  if (g.status === 'in_service') {
    const current = { started_at: from, ended_at: null };
    return until !== null && until < from
      ? [{ started_at: g.created_at, ended_at: until }, current]
      : [current];
  }
  return until !== null && from < until ? [{ started_at: from, ended_at: until }] : [];
}

/**
 * Every period a gauge was in service, not only the last one (issue 46): with only the last entry and
 * exit, a reading dated before the gauge's first entry passed once it had been out and back. A period is
 * opened when the gauge enters service and closed (`ended_at`) when it leaves; a reading must fall in one.
 */
export function gaugeServicePeriodsMigration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('gauge_service_periods');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('gauge_id', 'integer', (c) => c.notNull().references('gauges.id'))
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('ended_at', 'text')
        .execute();
      await db.schema
        .createIndex('gauge_service_periods_gauge')
        .on('gauge_service_periods')
        .columns(['gauge_id', 'started_at'])
        .execute();
      const typed = db as Kysely<{ gauges: GaugeBefore; gauge_service_periods: object }>;
      const gauges = await typed
        .selectFrom('gauges')
        .select(['id', 'status', 'created_at', 'in_service_from', 'out_of_service_from'])
        .execute();
      const rows = gauges.flatMap((g) => knownPeriods(g).map((p) => ({ gauge_id: g.id, ...p })));
      if (rows.length > 0) await typed.insertInto('gauge_service_periods').values(rows).execute();
    },
  };
}
