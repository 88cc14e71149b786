import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { renderMeasurementsReport } from '../apps/measure/src/reports/measurements-report.js';
import {
  fixtureGroups,
  fixtureRows,
  fixtureSeries,
  fixtureSpcReport,
} from '../apps/measure/src/reports/report-fixtures.js';
import { reportLocale } from '../apps/measure/src/reports/report-text.js';
import { renderSpcReport } from '../apps/measure/src/reports/spc-report.js';
import {
  ALL_RULES,
  capability,
  controlChart,
  controlChartJsonChunks,
  controlChartPoints,
  histogram,
  type SpcSeries,
  seriesOf,
} from '../apps/measure/src/spc/index.js';
import { type Bench, fmt, stamp } from './bench.js';

/** Best of `runs` wall-clock times in ms (the first run also warms the JIT). */
function best(runs: number, task: () => unknown): number {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    task();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

async function bestAsync(runs: number, task: () => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}

/** A sink that counts bytes, so rendering is measured without disk I/O. */
function countingSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done();
    },
  });
  return { sink, bytes: () => bytes };
}

const limits = { nominal: 25, ltl: 24.97, lwl: 24.98, uwl: 25.02, utl: 25.03 };

/** The pure SPC part over 1,000,000 values in memory, and an SPC report over 100,000 points. */
const bench: Bench = async () => {
  const load = loadavg()[0] ?? 0;
  const million = fixtureSeries(1_000_000);
  const values = Array.from(million.values);
  const times = Array.from(million.timestamps);
  let series: SpcSeries = million;
  const push = best(3, () => {
    series = seriesOf(values, times);
  });
  const cap = best(5, () => capability(series, limits));
  const chart1 = best(5, () => controlChart(series));
  const chartAll = best(5, () => controlChart(series, { rules: ALL_RULES }));
  const hist = best(5, () => histogram(series, 20));
  const points = best(3, () => JSON.stringify([...controlChartPoints(series)]).length);
  const chart = controlChart(series);
  let jsonBytes = 0;
  const streamed = best(3, () => {
    jsonBytes = 0;
    for (const chunk of controlChartJsonChunks(chart, series)) jsonBytes += chunk.length;
  });

  const report = fixtureSpcReport(fixtureSeries(100_000));
  let size = 0;
  const render = await bestAsync(3, async () => {
    const { sink, bytes } = countingSink();
    await renderSpcReport(report, sink);
    size = bytes();
  });
  const reportAll = async () => {
    const series100k = fixtureSeries(100_000);
    const { sink } = countingSink();
    await renderSpcReport(fixtureSpcReport(series100k), sink);
  };
  const endToEnd = await bestAsync(3, reportAll);

  const tableGroups = fixtureGroups([4000, 2000, 4000]);
  let tableBytes = 0;
  const table = await bestAsync(1, async () => {
    const { sink, bytes } = countingSink();
    await renderMeasurementsReport(
      {
        logo: null,
        recipe: { code: 'BENCH', name: 'Benchmark recipe', version: 1 },
        filters: [],
        locale: reportLocale('en'),
        generated_at: new Date(),
        author: 'bench',
        groups: tableGroups,
      },
      fixtureRows(tableGroups),
      sink,
    );
    tableBytes = bytes();
  });

  return `## SPC statistics and report (${stamp()})

Pure computation in memory (\`apps/measure/src/spc\`), best of several runs, one subtask of 1,000,000 values.
Database time is not included: the endpoints add the cursor read. Load average when the run started:
${fmt(load, 1)} (other work on the machine inflates every figure).

| step | ms |
| --- | ---: |
| push 1,000,000 values and timestamps into \`SpcSeries\` | ${fmt(push, 1)} |
| capability (all indices, expected and observed PPM, intervals) | ${fmt(cap, 1)} |
| control chart, rule 1 | ${fmt(chart1, 1)} |
| control chart, all eight Nelson rules | ${fmt(chartAll, 1)} |
| histogram, 20 bins, both normal curves | ${fmt(hist, 1)} |
| control-chart response as JSON via 1,000,000 point objects + \`JSON.stringify\` | ${fmt(points, 1)} |
| control-chart response streamed by \`controlChartJsonChunks\` (${fmt(jsonBytes / 2 ** 20)} MiB) | ${fmt(streamed, 1)} |

SPC report PDF for 100,000 points (goal: under 3 s):

| step | ms |
| --- | ---: |
| render only (statistics precomputed), PDF ${fmt(size / 1024)} KiB | ${fmt(render, 1)} |
| statistics + render | ${fmt(endToEnd, 1)} |

Measurements report (no goal set; rows streamed from an async generator like a cursor):

| step | ms |
| --- | ---: |
| 10,000 rows in 3 groups, PDF ${fmt(tableBytes / 1024)} KiB | ${fmt(table, 1)} |`;
};
export default bench;
