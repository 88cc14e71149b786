import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, GaugesTable } from '../../db/schema.types.js';
import type { ServicePeriod } from './gauge-rules.js';
import type { Gauge } from './gauges.schema.js';

export type GaugeRow = Selectable<GaugesTable>;

export const toGauge = (row: GaugeRow): Gauge => ({
  ...row,
  resolution: Number(row.resolution),
  status: row.status as Gauge['status'],
});

export const gaugesRepository = {
  list: (db: Kysely<DB>, status: string | undefined) => {
    const query = db.selectFrom('gauges').selectAll().orderBy('code');
    return (status === undefined ? query : query.where('status', '=', status)).execute();
  },
  findById: (db: Kysely<DB>, id: number) =>
    db.selectFrom('gauges').selectAll().where('id', '=', id).executeTakeFirst(),
  findByCode: (db: Kysely<DB>, code: string) =>
    db.selectFrom('gauges').selectAll().where('code', '=', code).executeTakeFirst(),
  /** With `share` (PostgreSQL), locked so a status change (FOR UPDATE) cannot slip between check and insert. */
  findMany: (db: Kysely<DB>, ids: number[], share: boolean) => {
    const query = db.selectFrom('gauges').selectAll().where('id', 'in', ids).orderBy('id');
    return ids.length === 0 ? Promise.resolve([]) : (share ? query.forShare() : query).execute();
  },
  findForUpdate: (db: Kysely<DB>, id: number, lock: boolean) => {
    const query = db.selectFrom('gauges').selectAll().where('id', '=', id);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  },
  insert: (db: Kysely<DB>, values: Insertable<GaugesTable>) =>
    db.insertInto('gauges').values(values).returningAll().executeTakeFirstOrThrow(),
  update: (db: Kysely<DB>, id: number, values: Updateable<GaugesTable>) =>
    db.updateTable('gauges').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow(),
  delete: async (db: Kysely<DB>, id: number) => {
    await db.deleteFrom('gauge_service_periods').where('gauge_id', '=', id).execute();
    await db.deleteFrom('gauges').where('id', '=', id).execute();
  },
  /** Every service period of these gauges, oldest first, by gauge. */
  periods: async (db: Kysely<DB>, ids: number[]) => {
    const byGauge = new Map<number, ServicePeriod[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byGauge;
    const rows = await db
      .selectFrom('gauge_service_periods')
      .select(['gauge_id', 'started_at', 'ended_at'])
      .where('gauge_id', 'in', ids)
      .orderBy('gauge_id')
      .orderBy('started_at')
      .execute();
    for (const { gauge_id, ...period } of rows) byGauge.get(gauge_id)?.push(period);
    return byGauge;
  },
  /** The gauge enters service at `at`: a new period, open until it leaves. */
  openPeriod: (db: Kysely<DB>, id: number, at: string) =>
    db.insertInto('gauge_service_periods').values({ gauge_id: id, started_at: at, ended_at: null }).execute(),
  /** The gauge leaves service at `at`: its open period ends. */
  closePeriod: (db: Kysely<DB>, id: number, at: string) =>
    db
      .updateTable('gauge_service_periods')
      .set({ ended_at: at })
      .where('gauge_id', '=', id)
      .where('ended_at', 'is', null)
      .execute(),
  /** True when any measurement names the gauge (index measurements_gauge). */
  isUsed: async (db: Kysely<DB>, id: number) =>
    (await db
      .selectFrom('measurements')
      .select('id')
      .where('gauge_id', '=', id)
      .limit(1)
      .executeTakeFirst()) !== undefined,
};
