import { describe, expect, it } from 'vitest';
import { contentDisposition, measurementsReportName, spcReportName } from './content-disposition.js';

/** The filename* value decoded as a browser would. */
const decodedUtf8Name = (header: string) =>
  decodeURIComponent(/filename\*=UTF-8''([^;]+)$/.exec(header)?.[1] ?? '');
const asciiName = (header: string) => /filename="([^"]*)"/.exec(header)?.[1];

describe('contentDisposition', () => {
  it('names reports from the recipe code and subtask marker', () => {
    expect(contentDisposition(spcReportName('HSG-4711', 7))).toBe(
      `attachment; filename="SPC_HSG-4711_7.pdf"; filename*=UTF-8''SPC_HSG-4711_7.pdf`,
    );
    expect(contentDisposition(measurementsReportName('A.1'))).toContain('filename="Measurements_A.1.pdf"');
  });

  it('keeps unicode in filename* and folds it to ASCII in the fallback', () => {
    const header = contentDisposition(spcReportName('Gehäuse Ø25 – Łódź', 3));
    expect(asciiName(header)).toBe('SPC_Gehause_O25_Lodz_3.pdf');
    expect(decodedUtf8Name(header)).toBe('SPC_Gehäuse Ø25 – Łódź_3.pdf');
  });

  it.each([
    ['quotes', 'A"B'],
    ['CR/LF', 'A\r\nSet-Cookie: x=1'],
    ['slashes', '../../etc/passwd'],
    ['backslash', 'C:\\boot.ini'],
    ['semicolon', 'a; filename=evil.exe'],
    ['apostrophe and brackets', "it's (1)*!"],
    ['emoji', '🔩 bolt'],
  ])('stays one well-formed header for %s', (_, code) => {
    const header = contentDisposition(measurementsReportName(code));
    expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(header).not.toMatch(/[\r\n]/);
    const name = decodedUtf8Name(header);
    expect(name).not.toMatch(/[/\\"\r\n;]/);
    expect(name.endsWith('.pdf')).toBe(true);
  });

  it('never produces an empty or dot-file name and bounds the length', () => {
    expect(asciiName(contentDisposition('...'))).toBe('report.pdf');
    expect(asciiName(contentDisposition('東京'))).toBe('report.pdf');
    expect(decodedUtf8Name(contentDisposition('東京'))).toBe('東京.pdf');
    const long = contentDisposition('x'.repeat(1000));
    expect(decodedUtf8Name(long).length).toBeLessThanOrEqual(160);
  });
});
