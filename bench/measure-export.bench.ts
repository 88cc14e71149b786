import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrap } from '../apps/measure/src/bootstrap.js';
import { migrate, openDatabase } from '../apps/measure/src/db/database.js';
import { startChildServer } from '../apps/measure/test/helpers/child-server.js';
import { type Bench, fmt, stamp } from './bench.js';
import { BENCH_PASSWORD } from './measure-support.js';

const ROWS = 1_000_000;

/** Writes the rows straight into a fresh SQLite file (seeding is not what is measured). */
async function seed(dataDir: string): Promise<void> {
  const database = openDatabase({ dataDir });
  await migrate(database);
  await bootstrap(database, { adminUsername: 'admin', adminPassword: BENCH_PASSWORD });
  const { db } = database;
  const now = new Date().toISOString();
  await db
    .insertInto('recipes')
    .values({
      code: 'EXPORT',
      name: 'Export',
      description: '',
      active: 1,
      created_by: 1,
      created_at: now,
      updated_at: now,
      current_version_id: null,
    })
    .execute();
  await db
    .insertInto('recipe_versions')
    .values({ recipe_id: 1, version_number: 1, change_notes: '', created_by: 1, created_at: now })
    .execute();
  await db.updateTable('recipes').set({ current_version_id: 1 }).execute();
  await db
    .insertInto('tasks')
    .values({
      version_id: 1,
      order_index: 0,
      title: 'T',
      directive: '',
      description: '',
      file_type: '',
      annotations_json: null,
    })
    .execute();
  await db
    .insertInto('subtasks')
    .values({
      task_id: 1,
      version_id: 1,
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
    .execute();
  const chunk = 500;
  for (let start = 0; start < ROWS; start += chunk * 20) {
    await db.transaction().execute(async (tx) => {
      for (let c = start; c < Math.min(start + chunk * 20, ROWS); c += chunk) {
        const rows = Array.from({ length: chunk }, (_, i) => {
          const value = 9 + ((c + i) % 2000) / 1000;
          return {
            subtask_id: 1,
            version_id: 1,
            recipe_id: 1,
            measured_by: 1,
            value,
            pass_fail: value >= 9.5 && value <= 10.5 ? 'pass' : 'warning',
            deviation: value - 10,
            lot_number: `LOT-${(c + i) % 50}`,
            serial_number: `SN-${c + i}`,
            input_method: 'usb_caliper',
            measured_at: new Date(Date.UTC(2026, 0, 1) + (c + i) * 1000).toISOString(),
            synced_to_csv: 0,
          };
        });
        await tx.insertInto('measurements').values(rows).execute();
      }
    });
  }
  await database.destroy();
}

/** Peak resident set (VmHWM) of a process, in MiB; Linux only. */
function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const bench: Bench = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-export-'));
  try {
    await seed(dataDir);
    const server = await startChildServer(
      { DATA_DIR: dataDir, ADMIN_PASSWORD: BENCH_PASSWORD },
      (process.env.EXPORT_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    );
    try {
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: BENCH_PASSWORD }),
      });
      const { api_key } = (await login.json()) as { api_key: string };
      const pid = server.process.pid as number;
      const rssBefore = peakRssMiB(pid);
      const started = performance.now();
      const response = await fetch(`${server.url}/api/measurements/export/csv`, {
        headers: { 'x-api-key': api_key },
      });
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      const seconds = (performance.now() - started) / 1000;
      const rows = lines - 1;
      const peak = peakRssMiB(pid);
      const rate = rows / seconds;
      return `## Measurement CSV export (${stamp()})

\`GET /api/measurements/export/csv\` of ${fmt(rows)} rows (${fmt(bytes / 2 ** 20, 1)} MiB) from SQLite, server in its own process (the compiled bundle \`npm run start:measure\` runs), client reading the stream as it arrives. Load average during the run: ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')}.

| measure | result | goal | |
| --- | ---: | ---: | --- |
| rows/s | ${fmt(rate)} | 200,000 | ${rate >= 200_000 ? 'met' : 'missed'} |
| server peak RSS (VmHWM) | ${fmt(peak)} MiB | < 200 MiB | ${peak < 200 ? 'met' : 'missed'} |
| server peak RSS before the export (idle, after login) | ${fmt(rssBefore)} MiB | | |
| growth of the peak during the export | ${fmt(peak - rssBefore)} MiB | | |

The server runs as \`npm run start:measure\` runs it, compiled (docs/decisions.md); the idle figure includes a login, whose scrypt hash briefly takes 16 MiB.`;
    } finally {
      await server.kill('SIGTERM');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};
export default bench;
