/**
 * Issue 46: a report with the largest logo the service accepts (50 MP, RGBA PNG) must not hold the
 * event loop. The service runs in this process, so the event-loop delay measured here is its own, and
 * `/api/health` is polled throughout as a user would notice it.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../apps/measure/src/files/image-bounds.js';
import { type Bench, fmt, stamp } from './bench.js';
import { type BenchService, seedRecipe, startService } from './measure-support.js';

const SIDE = Math.floor(Math.sqrt(MAX_INPUT_PIXELS)); // 7071 x 7071, just under 50 MP
const REPORTS = 5;

interface Run {
  ms: number;
  loopMaxMs: number;
  healthMaxMs: number;
}

/** Runs `work` while polling /api/health back to back; the loop's worst delay and health's worst answer. */
async function observed(service: BenchService, work: () => Promise<void>): Promise<Run> {
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let healthMaxMs = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      await (await fetch(`${service.server.url}/api/health`)).arrayBuffer();
      healthMaxMs = Math.max(healthMaxMs, performance.now() - started);
    }
  })();
  loop.enable();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  loop.disable();
  done = true;
  await poll;
  return { ms, loopMaxMs: loop.max / 1e6, healthMaxMs };
}

async function report(service: BenchService, recipeId: number): Promise<void> {
  const response = await fetch(`${service.server.url}/api/reports/measurements?recipe_id=${recipeId}`, {
    headers: { 'x-api-key': service.key },
  });
  if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
}

async function uploadLogo(service: BenchService, png: Buffer): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
  const response = await fetch(`${service.server.url}/api/settings/logo`, {
    method: 'POST',
    headers: { 'x-api-key': service.key },
    body: form,
  });
  if (response.status !== 200) throw new Error(`logo: ${response.status} ${await response.text()}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const worst = (runs: Run[], key: keyof Run) => Math.max(...runs.map((run) => run[key]));

const bench: Bench = async () => {
  const service = await startService('sqlite');
  try {
    const { recipeId, versionId, subtaskIds } = await seedRecipe(service, 4);
    for (const [i, subtaskId] of subtaskIds.entries()) {
      for (let n = 0; n < 25; n++) {
        const value = 10 + ((n * 7 + i) % 9) / 20 - 0.2;
        await service.call('POST', '/api/measurements', {
          subtask_id: subtaskId,
          version_id: versionId,
          value,
          input_method: 'manual',
        });
      }
    }
    const png = await sharp({
      create: { width: SIDE, height: SIDE, channels: 4, background: { r: 31, g: 78, b: 121, alpha: 0.6 } },
    })
      .png()
      .toBuffer();

    await report(service, recipeId); // warm-up: fonts, lazy imports, JIT; not what is measured
    const plain: Run[] = [];
    for (let i = 0; i < REPORTS; i++) plain.push(await observed(service, () => report(service, recipeId)));
    const rssBefore = process.memoryUsage().rss;
    const upload = await observed(service, () => uploadLogo(service, png));
    const first = await observed(service, () => report(service, recipeId));
    const later: Run[] = [];
    for (let i = 0; i < REPORTS; i++) later.push(await observed(service, () => report(service, recipeId)));
    const rssAfter = process.memoryUsage().rss;

    const row = (label: string, runs: Run[]) =>
      `| ${label} | ${fmt(median(runs.map((r) => r.ms)))} ms | ${fmt(median(runs.map((r) => r.loopMaxMs)))} ms | ${fmt(worst(runs, 'loopMaxMs'))} ms | ${fmt(worst(runs, 'healthMaxMs'))} ms |`;
    return `## Measurements report with the largest allowed logo (${stamp()})

Issue 46. A ${SIDE} x ${SIDE} RGBA PNG (${fmt(SIDE * SIDE)} pixels, the most \`MAX_INPUT_PIXELS\` lets through; ${fmt(png.length / 1024)} KiB) uploaded as the company logo through \`POST /api/settings/logo\`, then \`GET /api/reports/measurements\` (100 rows, 4 subtasks) on SQLite, service in the bench's process so the event-loop delay measured (\`monitorEventLoopDelay\`, 1 ms resolution, worst value) is the service's own; \`/api/health\` polled back to back throughout. Median time and median of each report's worst event-loop delay over ${REPORTS} reports after one warm-up report; the first report after the upload makes the logo's rendition (sharp, thread pool) and the later ones reuse it. Load average: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}.

| step | time | event-loop delay (median of worst) | worst event-loop delay | slowest /api/health |
| --- | ---: | ---: | ---: | ---: |
${row('report without a logo', plain)}
${row('logo upload (header check only)', [upload])}
${row('first report with the logo (makes the rendition)', [first])}
${row('later reports with the logo', later)}

Resident memory of the process: ${fmt(rssBefore / 2 ** 20)} MiB before the upload, ${fmt(rssAfter / 2 ** 20)} MiB after the reports (the bench holds the PNG and sharp's cache too). The delay a report holds without any logo is pdfkit's own work (fonts, layout, compression), the same with the logo's rendition; with a load average above the CPU count, every figure also includes time the process waited for a CPU. Before the fix an 8000 x 8000 RGBA logo was embedded as stored and decoded by pdfkit on the event loop: 7.8–18 s per report, \`/api/health\` held 5.4–12 s, about 1.2 GiB (issue 46).`;
  } finally {
    await service.close();
  }
};
export default bench;
