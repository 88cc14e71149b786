import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, GaugesTable } from '../../db/schema.types.js';
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
  delete: (db: Kysely<DB>, id: number) => db.deleteFrom('gauges').where('id', '=', id).execute(),
  /** True when any measurement names the gauge (index measurements_gauge). */
  isUsed: async (db: Kysely<DB>, id: number) =>
    (await db
      .selectFrom('measurements')
      .select('id')
      .where('gauge_id', '=', id)
      .limit(1)
      .executeTakeFirst()) !== undefined,
};
