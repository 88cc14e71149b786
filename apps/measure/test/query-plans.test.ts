import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, migrate, openDatabase } from '../src/db/database.js';
import type { DB } from '../src/db/schema.types.js';
import { exportQuery } from '../src/features/measurements/measurements.csv.js';
import { measurementsRepository } from '../src/features/measurements/measurements.repository.js';
import type { MeasurementFilters } from '../src/features/measurements/measurements.schema.js';

/** One query per filter the list, export and statistics endpoints take. */
const FILTERS: [string, MeasurementFilters][] = [
  ['recipe_id', { recipe_id: 1 }],
  ['version_id', { version_id: 1 }],
  ['subtask_id', { subtask_id: 1 }],
  ['subtask_id + dates', { subtask_id: 1, date_from: '2026-01-01', date_to: '2026-02-01' }],
  ['measured_by', { measured_by: 1 }],
  ['lot_number', { lot_number: 'L' }],
  ['serial_number', { serial_number: 'S' }],
  ['pass_fail', { pass_fail: 'fail' }],
  ['dates', { date_from: '2026-01-01T00:00:00Z', date_to: '2026-01-02' }],
];

const listQuery = (db: Kysely<DB>, filters: MeasurementFilters) =>
  measurementsRepository.listQuery(db, filters, 0, 50);

describe('measurement queries', () => {
  let database: Database;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'measure-plan-'));
    database = openDatabase({ dataDir: dir });
    await migrate(database);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(FILTERS)(
    'filter on %s is served by an index on SQLite (list and export)',
    async (_name, filters) => {
      for (const compiled of [
        listQuery(database.db, filters).compile(),
        exportQuery(database.db, filters).compile(),
      ]) {
        const plan = await database.db.executeQuery<{ detail: string }>({
          ...compiled,
          sql: `explain query plan ${compiled.sql}`,
        });
        const rows = plan.rows;
        const details = rows.map((row) => row.detail).join(' | ');
        expect(details).toMatch(/USING (COVERING )?INDEX measurements_/);
        expect(details).not.toMatch(/SCAN measurements(?! USING)/);
      }
    },
  );

  it('compiles to the reviewed SQL on both dialects', async () => {
    const compilers = {
      sqlite: new Kysely<DB>({
        dialect: {
          createAdapter: () => new SqliteAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new SqliteIntrospector(db),
          createQueryCompiler: () => new SqliteQueryCompiler(),
        },
      }),
      postgres: new Kysely<DB>({
        dialect: {
          createAdapter: () => new PostgresAdapter(),
          createDriver: () => new DummyDriver(),
          createIntrospector: (db) => new PostgresIntrospector(db),
          createQueryCompiler: () => new PostgresQueryCompiler(),
        },
      }),
    };
    const lines: string[] = [];
    for (const [dialect, db] of Object.entries(compilers)) {
      for (const [name, filters] of FILTERS) {
        lines.push(`-- ${dialect}: list by ${name}\n${listQuery(db, filters).compile().sql};`);
        lines.push(`-- ${dialect}: export by ${name}\n${exportQuery(db, filters).compile().sql};`);
      }
    }
    await expect(`${lines.join('\n\n')}\n`).toMatchFileSnapshot('./__snapshots__/measurement-queries.sql');
  });
});
