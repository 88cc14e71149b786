import { AppError } from '@app/kit';
import { describe, expect, it } from 'vitest';
import { parseDateBound, parseRange } from './date-range.js';

const utc = (text: string) => Date.parse(text);

function errorOf(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

describe('date rules of get_historical', () => {
  it('rule 4: a date-only start_date is 00:00:00.000 UTC', () => {
    expect(parseRange('2026-03-05', '2026-03-06').startMs).toBe(utc('2026-03-05T00:00:00.000Z'));
  });

  it('rule 4: a date-only end_date is 23:59:59.999 UTC of the same day, so the whole day is included', () => {
    const range = parseRange('2026-03-05', '2026-03-05');
    expect(range.endMs).toBe(utc('2026-03-05T23:59:59.999Z'));
    expect(range.endMs - range.startMs + 1).toBe(86_400_000);
  });

  it('rule 5: a datetime with a zone is used as given', () => {
    expect(parseDateBound('2026-03-05T10:30:00+02:00', 'start_date', 'start')).toBe(
      utc('2026-03-05T08:30:00Z'),
    );
    expect(parseDateBound('2026-03-05T10:30:15.250Z', 'end_date', 'end')).toBe(
      utc('2026-03-05T10:30:15.250Z'),
    );
  });

  it('rule 5: a datetime without a zone is UTC, whatever the machine time zone', () => {
    expect(parseDateBound('2026-03-05T10:30', 'start_date', 'start')).toBe(utc('2026-03-05T10:30:00Z'));
    expect(parseDateBound('2026-03-05 10:30:05', 'end_date', 'end')).toBe(utc('2026-03-05T10:30:05Z'));
  });

  it('a datetime end_date is not widened to the end of its day', () => {
    expect(parseRange('2026-03-05', '2026-03-05T12:00:00Z').endMs).toBe(utc('2026-03-05T12:00:00Z'));
  });

  it('rejects unparseable values with 422 naming the field', () => {
    for (const bad of ['yesterday', '2026-13-01', '2026-02-30', '2026-03-05T25:00', '05/03/2026', '']) {
      const error = errorOf(() => parseRange(bad, '2026-03-06'));
      expect(error.status).toBe(422);
      expect(error.code).toBe('INVALID_DATE');
      expect(error.details).toEqual({ field: 'start_date' });
    }
    expect(errorOf(() => parseRange('2026-03-05', 'soon')).details).toEqual({ field: 'end_date' });
  });

  it('rejects a reversed range with 422 and a message giving both instants', () => {
    const error = errorOf(() => parseRange('2026-03-06', '2026-03-05'));
    expect(error.status).toBe(422);
    expect(error.code).toBe('INVALID_DATE_RANGE');
    expect(error.message).toContain('2026-03-06T00:00:00.000Z');
  });

  it('accepts leap days and a single-instant range', () => {
    expect(parseRange('2024-02-29', '2024-02-29').startMs).toBe(utc('2024-02-29T00:00:00Z'));
    const instant = parseRange('2026-03-05T10:00:00Z', '2026-03-05T10:00:00Z');
    expect(instant.startMs).toBe(instant.endMs);
  });
});
