/// <reference lib="dom" />
/**
 * A metrologist takes a mistyped value (1200.2 for a 120 ± 0.1 length) out of the statistics from the
 * measurement table, with an assignable cause: the Cpk shown becomes the API's Cpk without the point, the
 * chart keeps its scale and still draws the point apart, labelled with its value and cause; reinstating
 * it brings the first Cpk back.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

let session: MetrologySession;
let recipeId = 0;
let subtaskId = 0;

const LENGTH = { nominal: 120, ltl: 119.9, lwl: 119.95, uwl: 120.05, utl: 120.1 };
const VALUES = [120.01, 119.98, 120.03, 120.0, 119.99, 120.02, 1200.2, 120.04, 119.97, 120.01, 120.0, 120.02];
const OUTLIER_SERIAL = 'SN-6';

const cpkShown = (page: Page) => page.getByTestId('capability').locator('[data-field="cpk"]').textContent();
/** The Cpk as the English page prints it (two decimals). */
const asShown = (cpk: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cpk);
const cpkOfApi = async () =>
  (await session.api('GET', `/statistics/capability?recipe_id=${recipeId}&subtask_id=${subtaskId}`))
    .cpk as number;

/** The excluded series' points as ECharts placed them: label text and pixel position, and the y axis' top. */
async function excludedDrawn(page: Page) {
  return page.evaluate(() => {
    const host = document.querySelector('[data-testid="control-chart"]') as HTMLElement & {
      echartsInstance?: unknown;
    };
    const chart = host.echartsInstance as {
      getOption(): {
        series: { name: string; data: { value: number[]; reason: string }[] }[];
        yAxis: { max: number }[];
      };
    };
    const option = chart.getOption();
    const series = option.series.find((s) => s.name === 'Excluded from the statistics');
    return { points: series?.data ?? [], yMax: option.yAxis[0]?.max ?? Number.NaN };
  });
}

beforeAll(async () => {
  session = await startMetrologySession('ST-EXCL');
  recipeId = (await session.api('POST', '/recipes', { code: 'EXCL-LEN', name: 'Shaft' })).id;
  await session.api('POST', `/recipes/${recipeId}/tasks`, {
    title: 'Shaft',
    subtasks: [{ marker_number: 1, description: 'Length 120', unit: 'mm', ...LENGTH }],
  });
  const version = (await session.api('GET', `/recipes/${recipeId}`)).current_version;
  subtaskId = version.tasks[0].subtasks[0].id;
  await session.api('POST', '/measurements/batch', {
    measurements: VALUES.map((value, i) => ({
      subtask_id: subtaskId,
      version_id: version.id,
      value,
      lot_number: 'LOT-1',
      serial_number: `SN-${i}`,
    })),
  });
});

afterAll(() => session?.stop());

describe('excluding a point from the statistics', () => {
  it('changes the Cpk shown to the API’s Cpk without the point, draws the point apart, and reinstating restores it', async () => {
    const cpkWith = await cpkOfApi();
    const page = await session.openSpc('EXCL-LEN · Shaft', 1, VALUES.length);
    await expect.poll(() => cpkShown(page)).toBe(asShown(cpkWith));

    const row = page.getByTestId('measurement-table').locator('tr', { hasText: OUTLIER_SERIAL });
    await row.getByRole('button', { name: 'Exclude' }).click();
    const form = page.getByTestId('exclude-form');
    await form.locator('select[name=reason]').selectOption('Data entry error');
    await form.locator('input[name=note]').fill('typed 1200.2 for 120.02');
    await form.getByRole('button', { name: 'Exclude' }).click();

    await expect
      .poll(() => page.getByTestId('control-chart').getAttribute('data-count'))
      .toBe(String(VALUES.length - 1));
    const cpkWithout = await cpkOfApi();
    expect(cpkWithout).toBeGreaterThan(1);
    expect(cpkWith).toBeLessThan(0);
    await expect.poll(() => cpkShown(page)).toBe(asShown(cpkWithout));
    await expect.poll(() => row.textContent()).toContain('Data entry error');

    const drawn = await excludedDrawn(page);
    expect(drawn.points).toHaveLength(1);
    expect(drawn.points[0]?.reason).toBe('1,200.20 · Data entry error');
    // between the sixth and the seventh counted point, pinned at the top of a scale that stays near 120
    expect(drawn.points[0]?.value).toEqual([5.5, drawn.yMax]);
    expect(drawn.yMax).toBeLessThan(121);

    await row.getByRole('button', { name: 'Reinstate' }).click();
    await expect
      .poll(() => page.getByTestId('control-chart').getAttribute('data-count'))
      .toBe(String(VALUES.length));
    await expect.poll(() => cpkShown(page)).toBe(asShown(cpkWith));
    const history = await session.api('GET', `/exclusions?recipe_id=${recipeId}`);
    expect(history.items).toMatchObject([
      { reason: 'Data entry error', note: 'typed 1200.2 for 120.02', active: false },
    ]);
  });
});
