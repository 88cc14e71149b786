/**
 * Streams one subtask's selection from the database into an SpcSeries: one ordered query
 * (measured_at, then id) whose rows are pushed into the accumulator one by one as the database
 * produces them (ReadSnapshot.scan: no row objects), so only the series' typed arrays (16 bytes a
 * point) stay in memory.
 */
import type { Database } from '../db/database.js';
import type { MeasurementFilters } from '../features/measurements/measurements.schema.js';
import { SpcSeries, toEpochMs } from '../spc/index.js';
import { openSnapshot, type ReadSnapshot } from './read-snapshot.js';
import { statisticsRepository } from './statistics.repository.js';

const DAY_MS = 86_400_000;
const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const two = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/**
 * measured_at → epoch ms. The service stores fixed-width "YYYY-MM-DDTHH:MM:SS.mmmZ" (http/time.ts),
 * and rows arrive in time order, so the date part is parsed once per day and the time of day from
 * the digits: a million Date.parse calls would cost a large part of the one-second budget.
 * Anything else goes through spc's general parser.
 */
export function timestampParser(): (text: string) => number {
  let dayText = '';
  let dayMs = Number.NaN;
  return (text) => {
    if (text.length !== 24 || text.charCodeAt(23) !== 90 /* Z */ || text.charCodeAt(10) !== 84 /* T */) {
      return toEpochMs(text);
    }
    if (!text.startsWith(dayText) || dayText === '') {
      dayText = text.slice(0, 11);
      dayMs = Date.parse(`${dayText}00:00:00.000Z`);
      if (!Number.isFinite(dayMs) || dayMs % DAY_MS !== 0) {
        dayText = '';
        return toEpochMs(text);
      }
    }
    const hours = two(text, 11);
    const minutes = two(text, 14);
    const seconds = two(text, 17);
    const millis = digit(text, 20) * 100 + two(text, 21);
    return dayMs + ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
  };
}

/**
 * The series of a selection inside an open snapshot (the SPC report reads more in the same one). A
 * characteristic across versions (`subtask_ids`) is read one version's subtask at a time, oldest first,
 * each in SPC order from its index, so no sort of the whole selection is needed; `ends` receives the
 * series' length after each subtask (where each version's points end).
 */
export async function seriesIn(
  snapshot: ReadSnapshot,
  database: Database,
  filters: MeasurementFilters,
  withTimes: boolean,
  ends?: number[],
): Promise<SpcSeries> {
  const series = new SpcSeries();
  const { subtask_ids, ...one } = filters;
  for (const subtask of subtask_ids ?? [one.subtask_id]) {
    const query = statisticsRepository.seriesQuery(database.db, { ...one, subtask_id: subtask }, withTimes);
    if (withTimes) {
      const parse = timestampParser();
      await snapshot.scan(query, (value, measuredAt) => series.push(value, parse(measuredAt as string)));
    } else {
      await snapshot.scan(query, (value) => series.push(value));
    }
    ends?.push(series.n);
  }
  return series;
}

/** The series of a selection in its own snapshot. */
export async function loadSeries(
  database: Database,
  filters: MeasurementFilters,
  withTimes: boolean,
): Promise<SpcSeries> {
  const snapshot = await openSnapshot(database);
  try {
    return await seriesIn(snapshot, database, filters, withTimes);
  } finally {
    await snapshot.close();
  }
}
