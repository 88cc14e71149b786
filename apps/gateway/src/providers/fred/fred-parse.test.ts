import { describe, expect, it } from 'vitest';
import { FredFormatError, parseGraphCsv, parseObservationsJson } from './fred-parse.js';

// The notes' example answers (macro.md U1.2, U1.6 and the simulator notes).
const DGS10_JSON = {
  realtime_start: '2025-06-16',
  realtime_end: '2025-06-16',
  observation_start: '2025-06-01',
  observation_end: '9999-12-31',
  units: 'lin',
  output_type: 1,
  file_type: 'json',
  order_by: 'observation_date',
  sort_order: 'desc',
  count: 11,
  offset: 0,
  limit: 3,
  observations: [
    { realtime_start: '2025-06-16', realtime_end: '2025-06-16', date: '2025-06-13', value: '4.41' },
    { realtime_start: '2025-06-16', realtime_end: '2025-06-16', date: '2025-06-12', value: '4.36' },
    { realtime_start: '2025-06-16', realtime_end: '2025-06-16', date: '2025-06-11', value: '.' },
  ],
};

describe('parseObservationsJson', () => {
  it('reads values as numbers and leaves out "." (missing), in the order sent', () => {
    expect(parseObservationsJson(DGS10_JSON)).toEqual([
      { date: '2025-06-13', value: 4.41 },
      { date: '2025-06-12', value: 4.36 },
    ]);
  });
  it('leaves out empty and non-numeric values, refuses an answer without observations', () => {
    const odd = {
      observations: [
        { date: '2025-05-01', value: '' },
        { date: '2025-04-01', value: 'NaN' },
      ],
    };
    expect(parseObservationsJson(odd)).toEqual([]);
    expect(() => parseObservationsJson({ error_code: 400 })).toThrow(FredFormatError);
    expect(() => parseObservationsJson({ observations: [{ value: '1' }] })).toThrow(FredFormatError);
  });
});

describe('parseGraphCsv', () => {
  it("reads the notes' CSV with '.' missing, and the older DATE header", () => {
    const csv =
      'observation_date,T10YIE\n2025-06-09,2.31\n2025-06-10,2.32\n2025-06-11,2.30\n2025-06-12,.\n2025-06-13,2.33\n';
    expect(parseGraphCsv(csv)).toEqual([
      { date: '2025-06-09', value: 2.31 },
      { date: '2025-06-10', value: 2.32 },
      { date: '2025-06-11', value: 2.3 },
      { date: '2025-06-13', value: 2.33 },
    ]);
    expect(parseGraphCsv('DATE,DGS10\r\n2025-06-11,4.42\r\n2025-06-12,\r\n')).toEqual([
      { date: '2025-06-11', value: 4.42 },
    ]);
  });
  it('refuses the bot wall (an HTML page) and a row without a date', () => {
    expect(() => parseGraphCsv('<html><body>Just a moment...</body></html>')).toThrow(FredFormatError);
    expect(() => parseGraphCsv('observation_date,DGS10\nyesterday,4.4\n')).toThrow(FredFormatError);
  });
});
