/**
 * Points of the selection the chart shows besides the counted series — excluded points, and the commented
 * ones — each with its `position`: the index it has in `points` (a counted point), or would have were it
 * counted (an excluded one), so the chart draws it between the counted points measured around it.
 */
import type { Database } from '../db/database.js';
import { commentsInSelection } from '../features/comments/comments.repository.js';
import { countedTiedBefore, excludedInSelection } from '../features/exclusions/exclusions.repository.js';
import type { MeasurementFilters } from '../features/measurements/measurements.schema.js';
import type { SpcSeries } from '../spc/index.js';
import type { ReadSnapshot } from './read-snapshot.js';

/** Where one subtask's points lie in the series: [start, end). */
export interface Segment {
  subtask_id: number;
  start: number;
  end: number;
}

/** Index of the first timestamp in [low, high) not before `at` (times ascend within a segment). */
function lowerBound(times: Float64Array, at: number, low: number, high: number): number {
  let from = low;
  let to = high;
  while (from < to) {
    const middle = (from + to) >>> 1;
    if ((times[middle] as number) < at) from = middle + 1;
    else to = middle;
  }
  return from;
}

interface Placeable {
  measurement_id: number;
  subtask_id: number;
  measured_at: string;
}

/** Each row with its position in the series (SPC order: measured_at, then id), the subtask's id dropped. */
async function place<R extends Placeable>(
  snapshot: ReadSnapshot,
  database: Database,
  filters: MeasurementFilters,
  series: SpcSeries,
  segments: Segment[],
  rows: R[],
): Promise<(Omit<R, 'subtask_id'> & { position: number })[]> {
  const { subtask_ids: _all, ...one } = filters;
  const out = [];
  for (const { subtask_id, ...row } of rows) {
    const segment = segments.find((s) => s.subtask_id === subtask_id) ?? { start: 0, end: series.n };
    const before = lowerBound(series.timestamps, Date.parse(row.measured_at), segment.start, segment.end);
    const tiesQuery = countedTiedBefore(
      database.db,
      { ...one, subtask_id },
      row.measured_at,
      row.measurement_id,
    );
    const [ties] = await snapshot.all(tiesQuery);
    out.push({ ...row, position: before + Number(ties?.n ?? 0) });
  }
  return out;
}

export async function excludedPoints(
  snapshot: ReadSnapshot,
  database: Database,
  filters: MeasurementFilters,
  series: SpcSeries,
  segments: Segment[],
) {
  const rows = await snapshot.all(excludedInSelection(database.db, filters));
  return place(snapshot, database, filters, series, segments, rows);
}

/** The selection's comments, each placed at its point (counted or excluded). */
export async function commentedPoints(
  snapshot: ReadSnapshot,
  database: Database,
  filters: MeasurementFilters,
  series: SpcSeries,
  segments: Segment[],
) {
  const rows = await snapshot.all(commentsInSelection(database.db, filters));
  const placed = await place(snapshot, database, filters, series, segments, rows);
  return placed.map(({ measurement_id, position, text, author, created_at }) => ({
    measurement_id,
    position,
    text,
    author,
    created_at,
  }));
}
