import { parse } from 'csv-parse/sync';

/**
 * Reads Cboe's VIX history CSV (notes macro.md U6): `DATE,OPEN,HIGH,LOW,CLOSE`, one row per business day.
 * Column names are matched case-insensitively and dates read as `MM/DD/YYYY` or `YYYY-MM-DD` (the notes
 * could not confirm either); a row without a numeric close is left out.
 */

export interface VixClose {
  date: string;
  close: number;
}

export class VixHistoryError extends Error {}

function isoDate(text: string): string | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) return `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
}

/** The daily closes, oldest first. */
export function parseVixHistory(text: string): VixClose[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new VixHistoryError(`not CSV: ${(error as Error).message}`);
  }
  if (records.length === 0 || !('date' in records[0]!) || !('close' in records[0]!))
    throw new VixHistoryError('no DATE and CLOSE columns');
  const closes: VixClose[] = [];
  for (const record of records) {
    const date = isoDate(record.date ?? '');
    if (!date) throw new VixHistoryError(`a row has no date: ${record.date}`);
    const close = Number(record.close);
    if (record.close !== '' && Number.isFinite(close)) closes.push({ date, close });
  }
  return closes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
