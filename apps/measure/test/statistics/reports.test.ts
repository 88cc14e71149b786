import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  firstPagePng,
  inkShare,
  isSingleColour,
  pdfText,
  type TempDir,
  tempDir,
} from '../../src/reports/pdf-test-tools.js';
import { uniqueCode } from '../helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';
import { type StatsFixture, statsFixture } from './stats-fixture.js';

const run = promisify(execFile);

/** The filename*= value of a Content-Disposition header, decoded. */
function utf8Name(header: string): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header);
  return decodeURIComponent(match?.[1] ?? '');
}

describe.each(DIALECTS)('reports on %s', (dialect) => {
  let h: Harness;
  let f: StatsFixture;
  let metro: { key: string; id: number };
  let dir: TempDir;

  beforeAll(async () => {
    h = await startMeasure(dialect);
    f = await statsFixture(h, `RPT-${uniqueCode('x')}`, 'Gearbox cover');
    metro = await h.user(['Metrologist']);
    await h.call('PUT', '/api/auth/me', { key: metro.key, body: { display_name: 'Dana Metrologist' } });
    dir = await tempDir();
  });
  afterAll(async () => {
    await dir?.remove();
    await h?.close();
  });

  async function download(path: string, name: string) {
    const response = await fetch(`${h.url}${path}`, { headers: { 'x-api-key': metro.key } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const file = dir.file(name);
    await writeFile(file, bytes);
    return { response, bytes, file };
  }

  it('SPC report: a PDF with the recipe, the subtask and the Cpk the API computes', async () => {
    const query = `recipe_id=${f.recipeId}&subtask_id=${f.s1}`;
    const { response, bytes, file } = await download(`/api/reports/spc?${query}`, 'spc.pdf');
    expect(response.status, bytes.toString().slice(0, 200)).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(utf8Name(response.headers.get('content-disposition') ?? '')).toBe(`SPC_${f.recipeCode}_1.pdf`);

    const png = await firstPagePng(file);
    expect(await isSingleColour(png)).toBe(false);
    expect(await inkShare(png)).toBeGreaterThan(0.01);

    const text = await pdfText(file);
    const cpk = (await h.call('GET', `/api/statistics/capability?${query}`, { key: metro.key })).body
      .cpk as number;
    expect(text).toContain('Gearbox cover');
    expect(text).toContain(f.recipeCode);
    expect(text).toContain('#1');
    expect(text).toMatch(new RegExp(`Cpk\\s+${cpk.toFixed(2).replace('.', '\\.')}`));
    expect(text).toContain('Dana Metrologist');
  });

  it('SPC report: the 95 % intervals of Cp, Cpk, Pp and Ppk are the API’s, in the reader’s language', async () => {
    const query = `recipe_id=${f.recipeId}&subtask_id=${f.s1}`;
    const capability = (await h.call('GET', `/api/statistics/capability?${query}`, { key: metro.key })).body;
    // as the report prints them: two decimals, lower – upper
    const interval = (name: string, label: string) => {
      const ci = capability[`${name}_ci95`] as { lower: number; upper: number };
      const figures = `${ci.lower.toFixed(2)} – ${ci.upper.toFixed(2)}`;
      return new RegExp(`${label}\\s+${figures.replaceAll('.', '\\.')}`);
    };
    const en = await pdfText((await download(`/api/reports/spc?${query}`, 'spc-ci.pdf')).file);
    for (const name of ['cp', 'cpk', 'pp', 'ppk'])
      expect(en).toMatch(interval(name, `${name[0]?.toUpperCase()}${name.slice(1)} 95% CI`));

    await h.call('PUT', '/api/auth/me', { key: metro.key, body: { language_pref: 'de' } });
    try {
      const de = await pdfText((await download(`/api/reports/spc?${query}`, 'spc-ci-de.pdf')).file);
      for (const name of ['cp', 'cpk', 'pp', 'ppk'])
        expect(de).toMatch(interval(name, `${name[0]?.toUpperCase()}${name.slice(1)} 95%-KI`));
    } finally {
      await h.call('PUT', '/api/auth/me', { key: metro.key, body: { language_pref: 'en' } });
    }
  });

  it('SPC report shows the filters applied and only the selected data', async () => {
    const query = `recipe_id=${f.recipeId}&subtask_id=${f.s1}&lot_number=LOT-B`;
    const { response, file } = await download(`/api/reports/spc?${query}`, 'spc-lot.pdf');
    expect(response.status).toBe(200);
    const text = await pdfText(file);
    expect(text).toContain('Lot: LOT-B');
    const cpk = (await h.call('GET', `/api/statistics/capability?${query}`, { key: metro.key })).body
      .cpk as number;
    expect(text).toMatch(new RegExp(`Cpk\\s+${cpk.toFixed(2).replace('.', '\\.')}`));
  });

  it('measurements report: every selected row grouped by subtask, page 1 not blank', async () => {
    const { response, file } = await download(`/api/reports/measurements?recipe_id=${f.recipeId}`, 'm.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(utf8Name(response.headers.get('content-disposition') ?? '')).toBe(
      `Measurements_${f.recipeCode}.pdf`,
    );
    const png = await firstPagePng(file);
    expect(await isSingleColour(png)).toBe(false);
    expect(await inkShare(png)).toBeGreaterThan(0.01);
    const text = await pdfText(file);
    expect(text).toContain('Gearbox cover');
    expect(text).toContain('Outer diameter');
    expect(text).toContain(`${f.points.length} measurements of 3 characteristics`);
    expect(text.match(/FAIL/g)?.length).toBe(f.points.filter((p) => p.pass_fail === 'fail').length);
    expect(text).toContain('SN-13');
  });

  it('reports come in the caller’s language, with times in the time zone the client sends', async () => {
    await h.call('PUT', '/api/auth/me', { key: metro.key, body: { language_pref: 'de' } });
    try {
      const zone = 'time_zone=Europe%2FBerlin';
      const spc = await download(
        `/api/reports/spc?recipe_id=${f.recipeId}&subtask_id=${f.s1}&${zone}`,
        'de.pdf',
      );
      expect(spc.response.status).toBe(200);
      const spcText = await pdfText(spc.file);
      expect(spcText).toContain('Statistische Prozesslenkung');
      expect(spcText).toMatch(/Erstellt \d{4}-\d{2}-\d{2} \d{2}:\d{2} Europe\/Berlin von Dana Metrologist/);

      const list = await download(`/api/reports/measurements?recipe_id=${f.recipeId}&${zone}`, 'de-m.pdf');
      const listText = await pdfText(list.file);
      expect(listText).toContain(`${f.points.length} Messwerte von 3 Merkmalen; Zeiten in Europe/Berlin`);
      expect(listText.match(/\bNIO\b/g)?.length).toBe(f.points.filter((p) => p.pass_fail === 'fail').length);

      const wrong = await download(
        `/api/reports/spc?recipe_id=${f.recipeId}&subtask_id=${f.s1}&time_zone=Mars%2FOlympus`,
        'x.pdf',
      );
      expect(wrong.response.status).toBe(422);
      expect(JSON.parse(wrong.bytes.toString()).detail).toContain('time_zone');
    } finally {
      await h.call('PUT', '/api/auth/me', { key: metro.key, body: { language_pref: 'en' } });
    }
  });

  it('measurements report for one subtask and a lot holds only those rows', async () => {
    const { response, file } = await download(
      `/api/reports/measurements?recipe_id=${f.recipeId}&subtask_id=${f.s2}&lot_number=LOT-A`,
      'm2.pdf',
    );
    expect(response.status).toBe(200);
    const text = await pdfText(file);
    const kept = f.points.filter((p) => p.subtask_id === f.s2 && p.lot_number === 'LOT-A');
    expect(text).toContain(`${kept.length} measurements of 1 characteristic`);
    expect(text).not.toContain('SN-13');
  });

  it('the company logo from settings (relative to the upload folder) is drawn; a path outside is ignored', async () => {
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logo)]), 'logo.png');
    expect((await h.call('POST', '/api/settings/logo', { key: h.adminKey, form })).status).toBe(200);
    const images = async (setting: string, name: string) => {
      await h.call('PUT', '/api/settings/', { key: h.adminKey, body: { company_logo_path: setting } });
      const { response, file } = await download(
        `/api/reports/spc?recipe_id=${f.recipeId}&subtask_id=${f.s1}`,
        name,
      );
      expect(response.status).toBe(200);
      const { stdout } = await run('pdfimages', ['-list', file]);
      return stdout.trim().split('\n').length - 2;
    };
    expect(await images('logos/company_logo.png', 'logo.pdf')).toBe(1);
    expect(await images('../measure.sqlite', 'outside.pdf')).toBe(0);
    await h.call('PUT', '/api/settings/', { key: h.adminKey, body: { company_logo_path: '' } });
  });

  it('Content-Disposition is safe for a code with quotes, semicolons and non-ASCII characters', async () => {
    const code = `Ø-"Q";x=ü-${Date.now()}`;
    const g = await statsFixture(h, code, 'Unicode part');
    for (const [path, name] of [
      [`/api/reports/spc?recipe_id=${g.recipeId}&subtask_id=${g.s1}`, `SPC_${code}_1.pdf`],
      [`/api/reports/measurements?recipe_id=${g.recipeId}`, `Measurements_${code}.pdf`],
    ] as const) {
      const response = await fetch(`${h.url}${path}`, { headers: { 'x-api-key': metro.key } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      const header = response.headers.get('content-disposition') ?? '';
      expect(header).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[^\s"';]+$/);
      // the safe name replaces the quotes and semicolon, keeps the letters
      expect(utf8Name(header)).toBe(name.replace(/["";]/g, '_'));
    }
  });

  it('required parameters, unknown recipe or subtask', async () => {
    const cases: [string, number, string][] = [
      [`/api/reports/spc?recipe_id=${f.recipeId}`, 422, 'subtask_id'],
      ['/api/reports/measurements', 422, 'recipe_id'],
      [`/api/reports/spc?recipe_id=${f.recipeId}&subtask_id=${f.s1}&n_bins=3`, 422, 'n_bins'],
      [`/api/reports/measurements?recipe_id=${f.recipeId}&date_to=never`, 422, 'date_to'],
      [`/api/reports/spc?recipe_id=999999&subtask_id=${f.s1}`, 404, 'not found'],
      [`/api/reports/measurements?recipe_id=999999`, 404, 'not found'],
      [`/api/reports/measurements?recipe_id=${f.recipeId}&subtask_id=999999`, 404, 'not found'],
    ];
    for (const [path, status, detail] of cases) {
      const res = await h.call('GET', path, { key: metro.key });
      expect(res.status, path).toBe(status);
      expect(res.body.detail, path).toContain(detail);
    }
  });
});
