import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MeasurementsReportData,
  ReportRowsMismatchError,
  renderMeasurementsReport,
} from './measurements-report.js';
import {
  firstPagePng,
  isSingleColour,
  pdfText,
  renderToFile,
  type TempDir,
  tempDir,
} from './pdf-test-tools.js';
import { fixtureGroups, fixtureRows } from './report-fixtures.js';
import { reportLocale } from './report-text.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await dir.remove();
});

const report = (sizes: number[], locale = reportLocale('en')): MeasurementsReportData => ({
  logo: null,
  recipe: { code: 'HSG-4711/B', name: 'Gehäuse Deckel', version: 3 },
  filters: [{ label: 'Lot', value: 'L-2026-114' }],
  generated_at: new Date(Date.UTC(2026, 10, 21, 8, 15)),
  author: 'Jana Nováková',
  locale,
  groups: fixtureGroups(sizes),
});

describe('measurements report PDF', () => {
  it('paginates many streamed rows with "Page n of m", repeated column headers and the generation time', async () => {
    const data = report([180, 40, 180]);
    const file = await renderToFile(dir.file('many.pdf'), (out) =>
      renderMeasurementsReport(data, fixtureRows(data.groups), out),
    );
    const all = await pdfText(file);
    const pages = [...all.matchAll(/Page (\d+) of (\d+)/g)];
    expect(pages.length).toBeGreaterThanOrEqual(7);
    const total = Number(pages[0]?.[2]);
    expect(pages.map((match) => Number(match[1]))).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(pages.every((match) => Number(match[2]) === total)).toBe(true);
    for (let page = 1; page <= total; page++) {
      const text = await pdfText(file, page);
      expect(text).toMatch(/Measured\s+Value\s+Deviation\s+Result/);
      expect(text).toContain('generated 2026-11-21 08:15 UTC by Jana Nováková');
    }
    expect(await pdfText(file, 2)).toContain('(continued)');
    expect(all).toContain('Task 2: Flange check — #3 Characteristic 3');
    expect(all).toMatch(/\bFAIL\b/);
    expect(all).toMatch(/\bWARNING\b/);
    expect(all).toMatch(/\bPASS\b/);
    expect(all).toContain('400 measurements of 3 characteristics; times in UTC');
  });

  it('is written in the user’s language, every time in their time zone', async () => {
    const data = report([3], reportLocale('de', 'Europe/Berlin'));
    const rows = [];
    for await (const row of fixtureRows(data.groups)) rows.push(row);
    const file = await renderToFile(dir.file('de.pdf'), (out) =>
      renderMeasurementsReport(data, fixtureRows(data.groups), out),
    );
    const text = await pdfText(file);
    expect(text).toMatch(/Gemessen\s+Wert\s+Abw\.\s+Ergebnis/);
    expect(text).toContain('erstellt 2026-11-21 09:15 Europe/Berlin von Jana Nováková');
    expect(text).toContain('3 Messwerte von 1 Merkmal; Zeiten in Europe/Berlin');
    expect(text).toContain('Seite 1 von 1');
    const berlin = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    for (const row of rows) expect(text).toContain(berlin.format(new Date(row.measured_at)));
    expect(text).not.toContain('UTC');
  });

  it('draws a non-blank first page with the recipe name', async () => {
    const data = report([12]);
    const file = await renderToFile(dir.file('small.pdf'), (out) =>
      renderMeasurementsReport(data, fixtureRows(data.groups), out),
    );
    expect(await pdfText(file)).toContain('Gehäuse Deckel');
    expect(await isSingleColour(await firstPagePng(file))).toBe(false);
    expect(await pdfText(file)).toContain('Page 1 of 1');
  });

  it('says so when nothing matches the filters', async () => {
    const file = await renderToFile(dir.file('empty.pdf'), (out) =>
      renderMeasurementsReport(report([]), [], out),
    );
    expect(await pdfText(file)).toContain('No measurements match the filters.');
  });

  it('refuses rows that do not match the declared groups and destroys the output', async () => {
    const data = report([5, 5]);
    const short = fixtureRows(fixtureGroups([5, 3]));
    const output = new PassThrough();
    output.resume();
    await expect(renderMeasurementsReport(data, short, output)).rejects.toBeInstanceOf(
      ReportRowsMismatchError,
    );
    expect(output.destroyed).toBe(true);
  });
});
