import { describe, expect, it } from 'vitest';
import { parseVixHistory, VixHistoryError } from './vix-history.js';

describe('parseVixHistory', () => {
  it("reads the notes' CSV (MM/DD/YYYY) into closes, oldest first", () => {
    const csv =
      'DATE,OPEN,HIGH,LOW,CLOSE\n06/11/2025,17.21,17.64,16.80,17.26\n06/12/2025,17.40,18.02,17.05,18.02\n06/13/2025,19.60,22.17,19.41,20.82\n';
    expect(parseVixHistory(csv)).toEqual([
      { date: '2025-06-11', close: 17.26 },
      { date: '2025-06-12', close: 18.02 },
      { date: '2025-06-13', close: 20.82 },
    ]);
  });
  it('accepts lower-case columns and ISO dates, leaves out an empty close', () => {
    expect(
      parseVixHistory('date,open,high,low,close\n2025-06-13,19.6,22.17,19.41,\n2025-06-12,1,2,1,18.02\n'),
    ).toEqual([{ date: '2025-06-12', close: 18.02 }]);
  });
  it('refuses an HTML page and a file without a close column', () => {
    expect(() => parseVixHistory('<html><body>Access Denied</body></html>')).toThrow(VixHistoryError);
    expect(() => parseVixHistory('DATE,OPEN\n06/11/2025,17.21\n')).toThrow(VixHistoryError);
  });
});
