import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriesOf } from '../spc/index.js';
import {
  firstPagePng,
  inkShare,
  isSingleColour,
  pdfText,
  renderToFile,
  type TempDir,
  tempDir,
} from './pdf-test-tools.js';
import { fixtureSeries, fixtureSpcReport } from './report-fixtures.js';
import { reportLocale } from './report-text.js';
import { renderSpcReport } from './spc-report.js';

let dir: TempDir;
beforeAll(async () => {
  dir = await tempDir();
});
afterAll(async () => {
  await dir.remove();
});

describe('SPC report PDF', () => {
  it('is written in the user’s language with time stamps in their time zone', async () => {
    const data = fixtureSpcReport(fixtureSeries(150), null, reportLocale('de', 'Europe/Berlin'));
    const file = await renderToFile(dir.file('spc-de.pdf'), (out) => renderSpcReport(data, out));
    const text = await pdfText(file);
    expect(text).toContain('Statistische Prozesslenkung');
    // generated 2026-11-21 08:15 UTC: 09:15 in Berlin
    expect(text).toContain('Erstellt 2026-11-21 09:15 Europe/Berlin von Jana Nováková');
    expect(text).toContain('Prozessfähigkeit');
    expect(text).toContain('Einzelwert-Regelkarte');
    expect(text).toContain('Los: L-2026-114');
    expect(text).toContain('Seite 1 von 1');
    expect(text).not.toContain('Page 1 of 1');
    expect(text).not.toContain(' UTC');
  });

  it('shows the recipe, the subtask and the Cpk a metrologist checks, on a page that is not blank', async () => {
    const logo = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#1f4e79' } })
      .png()
      .toBuffer();
    const data = fixtureSpcReport(fixtureSeries(150), logo);
    const file = await renderToFile(dir.file('spc.pdf'), (out) => renderSpcReport(data, out));

    const text = await pdfText(file);
    expect(text).toContain('Gehäuse Deckel Ø25'); // Unicode survives (embedded font)
    expect(text).toContain('HSG-4711/B');
    expect(text).toContain('#7 Bore diameter H7');
    const cpk = (data.capability.cpk as number).toFixed(2);
    expect(text).toMatch(new RegExp(`Cpk\\s+${cpk.replace('.', '\\.')}`));
    expect(text).toContain(`Ppk`);
    expect(text).toContain('UCL');
    expect(text).toContain('Page 1 of 1');
    expect(text).toContain('L-2026-114');

    const png = await firstPagePng(file);
    expect(await isSingleColour(png)).toBe(false);
    expect(await inkShare(png)).toBeGreaterThan(0.03);
  });

  it('names the out-of-control observations (1-based, as Minitab numbers them)', async () => {
    // mean 10.18, so the nine values before the spike sit below it (rule 2 at the 9th and 10th
    // points) and the spike at 12 is beyond UCL 11.03 (rule 1)
    const values = [10, 10.1, 9.9, 10, 10.1, 9.9, 10, 10.1, 9.9, 10, 12];
    const file = await renderToFile(dir.file('ooc.pdf'), (out) =>
      renderSpcReport(fixtureSpcReport(seriesOf(values)), out),
    );
    const text = await pdfText(file);
    expect(text).toContain('3 points out of control (Nelson rules 1, 2, 5, 6), observation 9, 10, 11.');
  });

  it('renders degenerate data (no values, one value) with dashes instead of NaN', async () => {
    for (const [name, values] of [
      ['empty', []],
      ['single', [25.001]],
    ] as const) {
      const file = await renderToFile(dir.file(`${name}.pdf`), (out) =>
        renderSpcReport(fixtureSpcReport(seriesOf(values)), out),
      );
      const text = await pdfText(file);
      expect(text).not.toMatch(/NaN|Infinity|undefined|null/);
      expect(text).toMatch(/Cpk\s+—/);
    }
  });

  it('keeps a 100,000-point report small: the chart is decimated, the statistics are not', async () => {
    const series = fixtureSeries(100_000);
    const data = fixtureSpcReport(series);
    const file = await renderToFile(dir.file('large.pdf'), (out) => renderSpcReport(data, out));
    const text = await pdfText(file);
    expect(text).toMatch(/Sample N\s+100000/);
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(file));
    expect(size).toBeLessThan(1_500_000);
  });

  it('names tolerance limits far outside the data at the chart edge instead of flattening the chart', async () => {
    const data = fixtureSpcReport(fixtureSeries(100));
    const wide = { ...data, subtask: { ...data.subtask, ltl: 24, lwl: 24.5, uwl: 25.5, utl: 26 } };
    const file = await renderToFile(dir.file('wide.pdf'), (out) => renderSpcReport(wide, out));
    const text = await pdfText(file);
    expect(text).toContain('USL 26.000 (above)');
    expect(text).toContain('LSL 24.000 (below)');
  });

  it('still renders when the logo is missing or not an image', async () => {
    for (const logo of [null, Buffer.from('not an image')]) {
      const file = await renderToFile(dir.file('nologo.pdf'), (out) =>
        renderSpcReport(fixtureSpcReport(fixtureSeries(30), logo), out),
      );
      expect(await pdfText(file)).toContain('Statistical Process Control Report');
    }
  });
});
