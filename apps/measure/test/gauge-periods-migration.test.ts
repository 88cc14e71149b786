import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, migratorFor, openDatabase } from '../src/db/database.js';
import { createPgSchema, DIALECTS } from './helpers/harness.js';

const T = (day: number) => `2026-03-${String(day).padStart(2, '0')}T08:00:00.000Z`;

/**
 * Gauges registered before 0012 keep the service periods their two columns vouch for, and never one
 * that starts before the gauge was registered.
 */
describe.each(DIALECTS)('migration 0012 on %s', (dialect) => {
  it("turns each gauge's last service interval into periods", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'measure-0012-'));
    const pg = dialect === 'postgres' ? await createPgSchema(process.env.DATABASE_URL as string) : undefined;
    const database = openDatabase({
      dataDir,
      databaseUrl: pg && process.env.DATABASE_URL,
      pgSchema: pg?.schema,
    });
    try {
      const { error } = await (await migratorFor(database)).migrateTo('0011-measurement-comments');
      expect(error).toBeUndefined();
      const { db } = database;
      const user = await db
        .insertInto('users')
        .values({
          username: 'anna',
          password_hash: 'x',
          display_name: 'anna',
          email: '',
          roles: '["Metrologist"]',
          is_admin: 0,
          active: 1,
          language_pref: 'en',
          theme_pref: 'light',
          created_at: T(1),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const gauge = (code: string, status: string, from: string | null, until: string | null) =>
        db
          .insertInto('gauges')
          .values({
            code,
            description: '',
            type: 'caliper',
            resolution: 0.01,
            serial_number: '',
            calibrated_on: '2026-01-01',
            calibration_due: '2099-12-31',
            status,
            in_service_from: from,
            out_of_service_from: until,
            notes: '',
            created_by: user.id,
            created_at: T(1),
            updated_at: T(1),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const never = await gauge('NEVER', 'in_calibration', null, null);
      const always = await gauge('ALWAYS', 'in_service', T(1), null);
      const back = await gauge('BACK', 'in_service', T(9), T(5));
      const out = await gauge('OUT', 'retired', T(1), T(7));
      await migrate(database);
      const periods = await db
        .selectFrom('gauge_service_periods')
        .select(['gauge_id', 'started_at', 'ended_at'])
        .orderBy('gauge_id')
        .orderBy('started_at')
        .execute();
      expect(periods).toEqual([
        { gauge_id: always.id, started_at: T(1), ended_at: null },
        { gauge_id: back.id, started_at: T(1), ended_at: T(5) },
        { gauge_id: back.id, started_at: T(9), ended_at: null },
        { gauge_id: out.id, started_at: T(1), ended_at: T(7) },
      ]);
      expect(periods.some((p) => p.gauge_id === never.id)).toBe(false);
    } finally {
      await database.destroy();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
