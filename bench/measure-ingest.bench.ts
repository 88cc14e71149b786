import { loadavg } from 'node:os';
import { type Bench, fmt, stamp } from './bench.js';
import { seedRecipe, startService } from './measure-support.js';

const BATCH = 500;
const BATCHES = 200;
const CONCURRENCY = 4;

/** POST /measurements/batch with 500 items per request, 4 requests in flight, over real HTTP. */
async function ingest(dialect: 'sqlite' | 'postgres', databaseUrl?: string) {
  const service = await startService(dialect, databaseUrl);
  try {
    const { versionId, subtaskIds } = await seedRecipe(service);
    const body = (n: number) =>
      JSON.stringify({
        measurements: Array.from({ length: BATCH }, (_, i) => ({
          subtask_id: subtaskIds[i % subtaskIds.length],
          version_id: versionId,
          value: 9 + ((n * BATCH + i) % 200) / 100,
          lot_number: `LOT-${n % 20}`,
          serial_number: `SN-${n}-${i}`,
          input_method: 'usb_caliper',
        })),
      });
    const payloads = Array.from({ length: BATCHES }, (_, n) => body(n));
    const post = async (payload: string) => {
      const response = await fetch(`${service.server.url}/api/measurements/batch`, {
        method: 'POST',
        headers: { 'x-api-key': service.key, 'content-type': 'application/json' },
        body: payload,
      });
      if (response.status !== 200)
        throw new Error(`batch failed: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await post(payloads[0] as string); // warm-up, not counted
    let next = 1;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < BATCHES) {
          const payload = payloads[next++] as string;
          await post(payload);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return ((BATCHES - 1) * BATCH) / seconds;
  } finally {
    await service.close();
  }
}

const bench: Bench = async () => {
  const rows: string[] = [];
  const sqlite = await ingest('sqlite');
  rows.push(`| SQLite (WAL) | ${fmt(sqlite)} | 20,000 | ${sqlite >= 20_000 ? 'met' : 'missed'} |`);
  // Benchmarks are tools, not the app: they read the CI variable to decide whether PostgreSQL is available.
  const url = process.env.DATABASE_URL;
  if (url) {
    const postgres = await ingest('postgres', url);
    rows.push(`| PostgreSQL | ${fmt(postgres)} | 10,000 | ${postgres >= 10_000 ? 'met' : 'missed'} |`);
  } else {
    rows.push('| PostgreSQL | not run (DATABASE_URL unset) | 10,000 | |');
  }
  return `## Measurement batch ingest (${stamp()})

\`POST /api/measurements/batch\`, ${BATCH} measurements per request, ${CONCURRENCY} requests in flight, ${fmt((BATCHES - 1) * BATCH)} measurements after one warm-up batch; real HTTP, client and server in one process. Load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(
      ' / ',
    )} (the machine is shared; figures move with it). Each batch is validated, classified and inserted as multi-row INSERTs in one transaction, and the stored rows are returned.

| database | measurements/s | goal | |
| --- | ---: | ---: | --- |
${rows.join('\n')}`;
};
export default bench;
