/**
 * The selection's excluded points for the control chart, each with its `position`: the index it would have
 * in `points` were it counted, so the chart draws it between the counted points measured around it.
 */
import type { Database } from '../db/database.js';
import { countedTiedBefore, excludedInSelection } from '../features/exclusions/exclusions.repository.js';
import type { MeasurementFilters } from '../features/measurements/measurements.schema.js';
import type { SpcSeries } from '../spc/index.js';
import type { ReadSnapshot } from './read-snapshot.js';

/** Index of the first timestamp not before `at` (the series' times are in ascending order). */
function lowerBound(times: Float64Array, at: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((times[middle] as number) < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

export async function excludedPoints(
  snapshot: ReadSnapshot,
  database: Database,
  filters: MeasurementFilters,
  series: SpcSeries,
) {
  const rows = await snapshot.all(excludedInSelection(database.db, filters));
  const out = [];
  for (const row of rows) {
    const before = lowerBound(series.timestamps, Date.parse(row.measured_at));
    const [tied] = await snapshot.all(
      countedTiedBefore(database.db, filters, row.measured_at, row.measurement_id),
    );
    out.push({ ...row, position: before + Number(tied?.n ?? 0) });
  }
  return out;
}
