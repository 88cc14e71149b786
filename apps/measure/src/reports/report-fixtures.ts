/** Deterministic data for report tests and the benchmark: a caliper-like series with a late shift. */
import {
  capability,
  classify,
  controlChart,
  histogram,
  type SpcSeries,
  seriesOf,
  summarize,
} from '../spc/index.js';
import type { MeasurementGroup, MeasurementRow } from './measurements-report.js';
import { type ReportLocale, reportLocale } from './report-text.js';
import type { SpcReportData } from './spc-report.js';

export const FIXTURE_LIMITS = { nominal: 25, ltl: 24.97, lwl: 24.98, uwl: 25.02, utl: 25.03 };
const T0 = Date.UTC(2026, 10, 2, 6, 0);

/** Park–Miller generator: the same numbers on every machine. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** n values around 25.004 mm, σ ≈ 0.006, rounded to the micrometre, shifted up in the last fifth. */
export function fixtureSeries(n: number, seed = 7): SpcSeries {
  const next = random(seed);
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const gauss = Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
    values.push(Math.round((25.004 + 0.006 * gauss + (i > n * 0.8 ? 0.008 : 0)) * 1000) / 1000);
  }
  return seriesOf(
    values,
    values.map((_, i) => T0 + i * 600_000),
  );
}

export function fixtureSpcReport(
  series: SpcSeries,
  logo: Buffer | null = null,
  locale: ReportLocale = reportLocale('en'),
): SpcReportData {
  const counts = { pass: 0, warning: 0, fail: 0 };
  for (const value of series.values) counts[classify(value, FIXTURE_LIMITS)] += 1;
  return {
    logo,
    recipe: { code: 'HSG-4711/B', name: 'Gehäuse Deckel Ø25', version: 3 },
    subtask: {
      marker_number: 7,
      description: 'Bore diameter H7',
      task_title: 'Bore inspection',
      unit: 'mm',
      ...FIXTURE_LIMITS,
    },
    filters: [{ label: 'Lot', value: 'L-2026-114' }],
    generated_at: new Date(Date.UTC(2026, 10, 21, 8, 15)),
    author: 'Jana Nováková',
    locale,
    capability: capability(series, FIXTURE_LIMITS),
    control_chart: controlChart(series, { rules: [1, 2, 5, 6] }),
    points: { values: series.values, timestamps: series.timestamps },
    histogram: histogram(series, 20),
    summary: summarize(counts),
  };
}

export function fixtureGroups(sizes: number[]): MeasurementGroup[] {
  return sizes.map((count, i) => ({
    subtask_id: 100 + i,
    task_order: Math.floor(i / 2),
    task_title: i < 2 ? 'Bore inspection' : 'Flange check',
    marker_number: i + 1,
    description: `Characteristic ${i + 1}`,
    ...FIXTURE_LIMITS,
    unit: 'mm',
    count,
  }));
}

/** Rows for the groups, yielded asynchronously like a database cursor. */
export async function* fixtureRows(groups: MeasurementGroup[]): AsyncGenerator<MeasurementRow> {
  const next = random(11);
  for (const group of groups) {
    for (let i = 0; i < group.count; i++) {
      const value = Math.round((25 + (next() - 0.5) * 0.07) * 1000) / 1000;
      yield {
        subtask_id: group.subtask_id,
        measured_at: new Date(T0 + i * 60_000),
        value,
        deviation: value - 25,
        pass_fail: classify(value, group),
        operator: 'Jana Nováková',
        lot_number: 'L-2026-114',
        serial_number: `SN-${100000 + i}`,
      };
    }
  }
}
