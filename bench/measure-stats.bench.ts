/**
 * Statistics endpoints on 1,000,000 measurements of one subtask and the SPC report on 100,000, on
 * SQLite and (when DATABASE_URL is set) PostgreSQL. The server runs in its own process (main.ts) so
 * its peak RSS is its own; the rows are bulk-loaded with one INSERT … SELECT over a generated series
 * (not through HTTP: seeding is not what is measured).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { startChildServer } from '../apps/measure/test/helpers/child-server.js';
import { type Bench, fmt, stamp } from './bench.js';
import { BENCH_PASSWORD, pgQuery } from './measure-support.js';

const BIG = 1_000_000;
const REPORT_POINTS = 100_000;
const RUNS = 3;

type Dialect = 'sqlite' | 'postgres';

/**
 * Value i: a stable process with a slow drift (deterministic, so every run sees the same data), rounded
 * to the micrometre as a caliper reports it (a value like 10.123, not 10.123456789012345).
 */
const VALUE_SQL = (i: string, dialect: Dialect) => {
  const raw = `10 + 0.12 * sin(${i} * 0.7) + 0.05 * sin(${i} * 1.31) + 0.02 * sin(${i} * 0.013)`;
  return dialect === 'sqlite' ? `round(${raw}, 3)` : `round((${raw})::numeric, 3)::float8`;
};

interface Target {
  recipeId: number;
  versionId: number;
  subtasks: number[];
}

function sqliteLoad(dataDir: string, t: Target, subtaskId: number, rows: number): void {
  const db = new SqliteDatabase(join(dataDir, 'measure.sqlite'));
  db.pragma('busy_timeout = 10000');
  const v = VALUE_SQL('i', 'sqlite');
  db.exec(`
    WITH RECURSIVE g(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM g WHERE i < ${rows - 1})
    INSERT INTO measurements (subtask_id, version_id, recipe_id, measured_by, value, pass_fail, deviation,
                              lot_number, serial_number, input_method, measured_at, synced_to_csv)
    SELECT ${subtaskId}, ${t.versionId}, ${t.recipeId}, 1, ${v},
           CASE WHEN ${v} BETWEEN 9.9 AND 10.1 THEN 'pass' WHEN ${v} BETWEEN 9.8 AND 10.2 THEN 'warning' ELSE 'fail' END,
           ${v} - 10, 'LOT-' || (i / 1000), 'SN-' || i, 'usb_caliper',
           strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i, 'unixepoch'), 0
    FROM g`);
  db.close();
}

async function pgLoad(url: string, t: Target, subtaskId: number, rows: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const v = VALUE_SQL('g', 'postgres');
  await client.query(`
    INSERT INTO measurements (subtask_id, version_id, recipe_id, measured_by, value, pass_fail, deviation,
                              lot_number, serial_number, input_method, measured_at, synced_to_csv)
    SELECT ${subtaskId}, ${t.versionId}, ${t.recipeId}, 1, ${v},
           CASE WHEN ${v} BETWEEN 9.9 AND 10.1 THEN 'pass' WHEN ${v} BETWEEN 9.8 AND 10.2 THEN 'warning' ELSE 'fail' END,
           ${v} - 10, 'LOT-' || (g / 1000), 'SN-' || g, 'usb_caliper',
           to_char(timestamp '2026-01-01' + g * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 0
    FROM generate_series(0, ${rows - 1}) g`);
  // What autovacuum does soon after a bulk load: statistics for the planner, and the visibility map
  // that lets the statistics read the covering index alone.
  await client.query('VACUUM ANALYZE measurements');
  await client.end();
}

/** Peak resident set (VmHWM) of a process, in MiB; Linux only. */
function peakRssMiB(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Row {
  what: string;
  ms: number;
  bytes: number;
  goal: number;
}

async function measure(
  dialect: Dialect,
  databaseUrl: string | undefined,
): Promise<{ rows: Row[]; peak: number; idle: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-stats-'));
  const schema = `bench_stats_${Math.random().toString(36).slice(2, 10)}`;
  const url =
    dialect === 'postgres' && databaseUrl
      ? `${databaseUrl}${databaseUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`
      : undefined;
  if (dialect === 'postgres') await pgQuery(databaseUrl as string, `create schema ${schema}`);
  const server = await startChildServer({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    ...(url ? { DATABASE_URL: url } : {}),
  });
  try {
    const call = async (method: string, path: string, key: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return (await response.json()) as {
        id: number;
        version_id: number;
        subtasks: { id: number }[];
        api_key: string;
      };
    };
    const { api_key: key } = await call('POST', '/api/auth/login', '', {
      username: 'admin',
      password: BENCH_PASSWORD,
    });
    const recipe = await call('POST', '/api/recipes', key, {
      code: `STATS-${Date.now()}`,
      name: 'Stats bench part',
    });
    const task = await call('POST', `/api/recipes/${recipe.id}/tasks`, key, {
      title: 'Bore',
      subtasks: [1, 2].map((marker_number) => ({
        marker_number,
        unit: 'mm',
        nominal: 10,
        ltl: 9.7,
        lwl: 9.8,
        uwl: 10.2,
        utl: 10.3,
      })),
    });
    const target: Target = {
      recipeId: recipe.id,
      versionId: task.version_id,
      subtasks: task.subtasks.map((s) => s.id),
    };
    const [big, small] = target.subtasks as [number, number];
    if (dialect === 'sqlite') {
      sqliteLoad(dataDir, target, big, BIG);
      sqliteLoad(dataDir, target, small, REPORT_POINTS);
    } else {
      await pgLoad(url as string, target, big, BIG);
      await pgLoad(url as string, target, small, REPORT_POINTS);
    }
    const pid = server.process.pid as number;
    const idle = peakRssMiB(pid);
    const timed = async (path: string) => {
      const times: number[] = [];
      let bytes = 0;
      for (let run = 0; run <= RUNS; run++) {
        const started = performance.now();
        const response = await fetch(`${server.url}${path}`, { headers: { 'x-api-key': key } });
        if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        bytes = (await response.arrayBuffer()).byteLength;
        if (run > 0) times.push(performance.now() - started); // run 0 warms caches and the JIT
      }
      return { ms: median(times), bytes };
    };
    const q = (subtask: number) => `recipe_id=${target.recipeId}&subtask_id=${subtask}`;
    const rows: Row[] = [];
    for (const [what, path, goal] of [
      ['capability, 1,000,000 points', `/api/statistics/capability?${q(big)}`, 1000],
      ['control chart, 1,000,000 points', `/api/statistics/control-chart?${q(big)}`, 1000],
      ['histogram, 1,000,000 points', `/api/statistics/histogram?${q(big)}`, 1000],
      ['summary (SQL GROUP BY), 1,000,000 points', `/api/statistics/summary?${q(big)}`, 1000],
      ['SPC report PDF, 100,000 points', `/api/reports/spc?${q(small)}`, 3000],
    ] as const) {
      rows.push({ what, goal, ...(await timed(path)) });
    }
    return { rows, peak: peakRssMiB(pid), idle };
  } finally {
    await server.kill('SIGTERM');
    if (dialect === 'postgres') await pgQuery(databaseUrl as string, `drop schema ${schema} cascade`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const bench: Bench = async () => {
  const databaseUrl = process.env.DATABASE_URL;
  const dialects: Dialect[] = databaseUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const sections: string[] = [];
  for (const dialect of dialects) {
    const result = await measure(dialect, databaseUrl);
    const table = result.rows
      .map(
        (r) =>
          `| ${r.what} | ${fmt(r.ms)} ms | ${fmt(r.bytes / 1024)} KiB | < ${fmt(r.goal)} ms | ${r.ms < r.goal ? 'met' : 'missed'} |`,
      )
      .join('\n');
    sections.push(`### ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}

| request | median of ${RUNS} | response | goal | |
| --- | ---: | ---: | ---: | --- |
${table}

Server peak RSS (VmHWM): ${fmt(result.idle)} MiB after loading the data, idle; ${fmt(result.peak)} MiB after all requests.`);
  }
  return `## Measurement statistics and SPC report (${stamp()})

Server in its own process (the compiled bundle \`npm run start:measure\` runs), full response read by the client, median of ${RUNS} runs after one warm-up. One subtask with 1,000,000 measurements (one per second, values to the micrometre as a caliper gives them), a second with 100,000 for the report; every statistic is computed from every value (the chart in the PDF decimates only what it draws). PostgreSQL is vacuumed and analysed after the bulk load, as autovacuum would. The series is read from the covering index without a row object per point (SQLite: an aggregate function; PostgreSQL: binary COPY) and the chart's JSON is written as bytes (docs/decisions.md). ${databaseUrl ? '' : 'PostgreSQL not measured (DATABASE_URL unset). '}Load average during the run: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ')}.

${sections.join('\n\n')}`;
};
export default bench;
