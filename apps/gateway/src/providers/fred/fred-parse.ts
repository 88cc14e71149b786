import { parse } from 'csv-parse/sync';

/**
 * FRED's two formats (notes macro.md U1.2 and U1.6): the observations API's JSON, values as text with `"."`
 * for a missing observation, and the key-less graph CSV (`observation_date,<ID>`, or `DATE,<ID>` in older
 * answers; read by position), missing as `.` or empty. Missing observations are left out, never zero.
 */

/** One numeric observation. */
export interface Observation {
  date: string;
  value: number;
}

/** Why a body is not the expected FRED answer; the client turns it into a 502. */
export class FredFormatError extends Error {}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value text as a number, or undefined for `"."`, empty or anything not finite. */
function numberOf(text: unknown): number | undefined {
  if (typeof text !== 'string' || text.trim() === '' || text.trim() === '.') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** The numeric observations of an API answer, in the order it sent them. */
export function parseObservationsJson(body: unknown): Observation[] {
  const observations = (body as { observations?: unknown } | null)?.observations;
  if (!Array.isArray(observations)) throw new FredFormatError('no observations array');
  const read: Observation[] = [];
  for (const row of observations as { date?: unknown; value?: unknown }[]) {
    if (typeof row?.date !== 'string' || !DAY.test(row.date)) throw new FredFormatError('a row has no date');
    const value = numberOf(row.value);
    if (value !== undefined) read.push({ date: row.date, value });
  }
  return read;
}

/** The numeric observations of a graph CSV, ascending as the site writes them. */
export function parseGraphCsv(text: string): Observation[] {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: false, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new FredFormatError(`not CSV: ${(error as Error).message}`);
  }
  const header = records[0];
  // The bot wall answers an HTML page with a 200: its first line is no `date,<ID>` header.
  if (header?.length !== 2 || !/^(observation_date|date)$/i.test(header[0]!))
    throw new FredFormatError('no observation_date,<series> header');
  const read: Observation[] = [];
  for (const [date, text] of records.slice(1)) {
    if (!date || !DAY.test(date)) throw new FredFormatError(`a row has no date: ${date}`);
    const value = numberOf(text);
    if (value !== undefined) read.push({ date, value });
  }
  return read;
}
