/// <reference lib="dom" />
/**
 * The metrologist's screens at 1024 and 1280 px, in English and German: the capability overview shows the
 * API's n, mean, Cpk, Ppk, flagged points and light for every characteristic; the chart page shows the API's
 * Cp, Cpk, Pp, Ppk with their 95 % intervals, Cpm and PPM, bins the histogram as asked, lets an older recipe
 * version be read with what changed since, and takes a comment that then shows in the table and the chart's
 * tooltip. Neither page scrolls sideways. The README's screenshots are taken here.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';
import { repoRoot } from './services.js';

let session: MetrologySession;
let recipeId = 0;
let oldVersion = { id: 0, version_number: 0 };
let boreId = 0;

const BORE = { nominal: 30, ltl: 29.975, lwl: 29.985, uwl: 30.015, utl: 30.025 };
const DEPTH = { nominal: 12, ltl: 11.9, lwl: 11.95, uwl: 12.05, utl: 12.1 };
// a bore drifting upwards (rules 2 and 3 flag it) and a steady depth
const BORE_VALUES = Array.from({ length: 30 }, (_, i) => 29.994 + i * 0.0006 + ((i * 7) % 5) * 0.002);
const DEPTH_VALUES = Array.from({ length: 30 }, (_, i) => 12 + (((i * 11) % 7) - 3) * 0.008);
const TYPO = 300.04;
const LATER = [30.003, 29.998, 30.005, 30.001, 29.997, 30.002];
const shots = join(repoRoot, 'docs/screenshots');

const CASES = [
  { width: 1024, language: 'en' },
  { width: 1280, language: 'en' },
  { width: 1024, language: 'de' },
  { width: 1280, language: 'de' },
] as const;

/** A number as the page prints it: formatNumber in the user's language. */
const shown = (language: string, value: number | null, digits: number) =>
  value === null
    ? '–'
    : new Intl.NumberFormat(language, {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value);

async function open(path: string, width: number, language: string): Promise<Page> {
  await session.api('PUT', '/auth/me', { language_pref: language });
  const context = await session.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(error));
  await page.goto(session.services.measureUrl);
  await page.locator('input[name=username]').fill('admin');
  await page.locator('input[name=password]').fill(session.services.adminPassword);
  await page.locator('button[type=submit]').click();
  await page.locator('header nav').waitFor();
  await page.goto(`${session.services.measureUrl}${path}`);
  return page;
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const field = (page: Page, scope: string, name: string) =>
  page.getByTestId(scope).locator(`[data-field="${name}"]`).textContent();

beforeAll(async () => {
  session = await startMetrologySession('ST-META');
  recipeId = (await session.api('POST', '/recipes', { code: 'META-HUB', name: 'Hub' })).id;
  await session.api('POST', `/recipes/${recipeId}/tasks`, {
    title: 'Hub',
    subtasks: [
      { marker_number: 1, description: 'Bore Ø30', unit: 'mm', ...BORE },
      { marker_number: 2, description: 'Depth 12', unit: 'mm', ...DEPTH },
    ],
  });
  const first = (await session.api('GET', `/recipes/${recipeId}`)).current_version;
  oldVersion = { id: first.id, version_number: first.version_number };
  const [bore, depth] = first.tasks[0].subtasks;
  const batch = (subtask_id: number, version_id: number, values: number[], prefix: string) =>
    session.api('POST', '/measurements/batch', {
      measurements: values.map((value, i) => ({
        subtask_id,
        version_id,
        value,
        serial_number: `${prefix}-${i}`,
      })),
    });
  const stored = await batch(
    bore.id,
    first.id,
    [...BORE_VALUES.slice(0, 12), TYPO, ...BORE_VALUES.slice(12)],
    'B',
  );
  await batch(depth.id, first.id, DEPTH_VALUES, 'D');
  const typo = stored.find((m: { value: number }) => m.value === TYPO);
  await session.api('POST', `/measurements/${typo.id}/exclusion`, {
    reason: 'Data entry error',
    note: '30.004',
  });
  // tightening the measured bore creates the next version
  await session.api('PUT', `/subtasks/${bore.id}`, {
    utl: 30.02,
    uwl: 30.012,
    reason: 'Tighter bore tolerance, drawing rev. C',
  });
  const current = (await session.api('GET', `/recipes/${recipeId}`)).current_version;
  boreId = current.tasks[0].subtasks[0].id;
  await batch(boreId, current.id, LATER, 'C');
  mkdirSync(shots, { recursive: true });
});

afterAll(() => session?.stop());

describe.each(CASES)('the metrologist’s screens at $width px in $language', ({ width, language }) => {
  it('the overview shows the API’s figures per characteristic, each row leading to its chart', async () => {
    const api = await session.api('GET', `/statistics/overview?recipe_id=${recipeId}&rules=nelson`);
    const page = await open('/metrology', width, language);
    await page.locator('select[name=recipe]').selectOption({ label: 'META-HUB · Hub' });
    const table = page.getByTestId('capability-overview');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(api.characteristics.length);
    for (const row of api.characteristics) {
      const tr = table.locator(`tr[data-marker="${row.marker_number}"]`);
      const cell = (name: string) => tr.locator(`[data-field="${name}"]`).textContent();
      expect(await cell('n')).toBe(shown(language, row.n, 0));
      expect(await cell('mean')).toBe(`${shown(language, row.mean, 4)} mm`);
      expect(await cell('cpk')).toBe(shown(language, row.cpk, 2));
      expect(await cell('ppk')).toBe(shown(language, row.ppk, 2));
      expect(await cell('violations')).toBe(shown(language, row.violations, 0));
      expect(await tr.locator('[data-light]').getAttribute('data-light')).toBe(row.light);
    }
    // the current bore: six values, its excluded typo left out of every figure
    expect(api.characteristics[0]).toMatchObject({ n: LATER.length });
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    if (width === 1280 && language === 'en') {
      await page.locator('select[name=versions]').selectOption('all');
      await expect.poll(() => table.locator('tr[data-marker="1"] [data-field="n"]').textContent()).toBe('36');
      await page.screenshot({ path: join(shots, 'metrology-overview.png'), fullPage: true });
      await page.locator('select[name=versions]').selectOption('current');
    }
    await table.locator('tr[data-marker="1"]').getByRole('link').click();
    await expect
      .poll(() => page.getByTestId('control-chart').getAttribute('data-count'))
      .toBe(String(LATER.length));
    await page.context().close();
  });

  it('the chart page shows the API’s capability indices with their intervals, and bins as chosen', async () => {
    const query = `recipe_id=${recipeId}&subtask_id=${boreId}&across_versions=true`;
    const cap = await session.api('GET', `/statistics/capability?${query}`);
    const page = await open(`/metrology/chart?recipe_id=${recipeId}&marker=1&version=all`, width, language);
    const total = BORE_VALUES.length + LATER.length;
    await expect.poll(() => page.getByTestId('control-chart').getAttribute('data-count')).toBe(String(total));
    await expect.poll(() => field(page, 'capability', 'n')).toBe(shown(language, total, 0));
    for (const key of ['cp', 'cpk', 'pp', 'ppk', 'cpm']) {
      expect(await field(page, 'capability', key)).toBe(shown(language, cap[key], 2));
    }
    for (const key of ['cp', 'cpk', 'pp', 'ppk']) {
      const ci = cap[`${key}_ci95`];
      expect(await field(page, 'capability', `${key}_ci95`)).toBe(
        `[${shown(language, ci.lower, 2)}; ${shown(language, ci.upper, 2)}]`,
      );
    }
    for (const kind of ['ppm_within', 'ppm_overall', 'ppm_observed']) {
      for (const part of ['below_lsl', 'above_usl', 'total']) {
        expect(await field(page, 'capability', `${kind}.${part}`)).toBe(shown(language, cap[kind][part], 2));
      }
    }
    // the histogram as the API bins it for the count chosen
    await page.locator('select[name=n_bins]').selectOption('10');
    const histogram = await session.api('GET', `/statistics/histogram?${query}&n_bins=10`);
    const bars = () =>
      page.evaluate(() => {
        const host = document.querySelector('[data-testid="histogram"]') as HTMLElement & {
          echartsInstance?: unknown;
        };
        const chart = host.echartsInstance as { getOption(): { series: { data: number[][] }[] } };
        return chart.getOption().series[0]?.data.map((bar) => bar[1]);
      });
    await expect.poll(bars).toEqual(histogram.frequencies);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    if (width === 1280 && language === 'en') {
      await page.getByTestId('mr-chart').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, 'metrology-chart.png'), fullPage: true });
    }
    await page.context().close();
  });
});

describe('an older version and comments', () => {
  it('shows an older version read-only with the tightened limit, and its own statistics', async () => {
    const page = await open('/metrology', 1280, 'de');
    await page.locator('select[name=recipe]').selectOption({ label: 'META-HUB · Hub' });
    await page.locator('select[name=versions]').selectOption(String(oldVersion.id));
    const compare = page.getByTestId('version-compare');
    await expect
      .poll(() => compare.locator('[data-testid=version-changes]').textContent())
      .toContain('UTL: 30,025 → 30,02');
    expect(await compare.textContent()).toContain(`Version ${oldVersion.version_number}`);
    // the old version's bore: its 30 values (the typo excluded)
    const table = page.getByTestId('capability-overview');
    await expect.poll(() => table.locator('tr[data-marker="1"] [data-field="n"]').textContent()).toBe('30');
    await table.locator('tr[data-marker="1"]').getByRole('link').click();
    await expect.poll(() => page.getByTestId('control-chart').getAttribute('data-count')).toBe('30');
    await page.getByTestId('version-compare').waitFor();
    await page.context().close();
  });

  it('takes a comment on a point and shows it in the table and the chart’s tooltip', async () => {
    const page = await open(`/metrology/chart?recipe_id=${recipeId}&marker=1&version=current`, 1024, 'en');
    await expect
      .poll(() => page.getByTestId('control-chart').getAttribute('data-count'))
      .toBe(String(LATER.length));
    const row = page.getByTestId('measurement-table').locator('tr', { hasText: 'C-3' });
    await row.getByRole('button', { name: 'Comment' }).click();
    await row.locator('input[name=comment]').fill('probe re-zeroed before this part');
    await row.getByRole('button', { name: 'Save comment' }).click();
    // who wrote it: the author's display name
    const me = await session.api('GET', '/auth/me');
    await expect
      .poll(() => row.getByTestId('comments').textContent())
      .toContain(`probe re-zeroed before this part — ${me.display_name || me.username}`);
    const chart = await session.api(
      'GET',
      `/statistics/control-chart?recipe_id=${recipeId}&subtask_id=${boreId}`,
    );
    expect(chart.comments).toMatchObject([{ text: 'probe re-zeroed before this part', position: 3 }]);
    // hovering point 4 (position 3) shows the comment
    const tooltip = async () => {
      await page.evaluate(() => {
        const host = document.querySelector('[data-testid="control-chart"]') as HTMLElement & {
          echartsInstance?: unknown;
        };
        (host.echartsInstance as { dispatchAction(a: object): void }).dispatchAction({
          type: 'showTip',
          seriesIndex: 0,
          dataIndex: 3,
        });
      });
      return page.getByTestId('chart-tooltip').textContent();
    };
    await expect.poll(tooltip).toContain('probe re-zeroed before this part');
    await page.context().close();
  });
});
