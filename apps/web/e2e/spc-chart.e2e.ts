/// <reference lib="dom" />
/**
 * What the metrologist's control chart draws, read back from the chart itself (the rendered shapes of
 * ECharts' scene, in pixels) and held against the statistics API's numbers: every limit line within one
 * pixel of where the API's value lies on the axis, labelled at the characteristic's resolution.
 * Run: `npm run test:e2e` (or this file alone with the e2e config).
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Services, startServices } from './services.js';

let services: Services;
let browser: Browser;
let adminKey = '';
let recipeId = 0;
let subtaskId = 0;

/** The bore: 30 ± 0.025 mm (3 decimals). The values give a UCL of about 30.023, between USL and 30.02. */
const BORE = { nominal: 30, ltl: 29.975, lwl: 29.985, uwl: 30.015, utl: 30.025 };
const VALUES = [
  30.004, 29.996, 30.011, 29.998, 30.007, 29.993, 30.012, 30.001, 29.999, 30.009, 29.994, 30.006, 30.013,
  29.997, 30.003, 30.008, 29.995, 30.01, 30.002, 30.005,
];

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${services.measureUrl}/api${path}`, {
    method,
    headers: { 'X-API-Key': adminKey, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

interface DrawnLine {
  /** The pixel row the horizontal line is drawn at. */
  y: number;
  label: string;
}

/**
 * The horizontal lines in the chart's scene (markLine paths are `ec-line` elements; their label is the
 * text attached to the line's group) and the pixel rows where the given values lie on the y axis.
 */
async function drawnLines(page: Page, testId: string, values: number[]) {
  return page.evaluate(
    ({ testId, values }) => {
      type Element = {
        type: string;
        shape?: { x1: number; y1: number; x2: number; y2: number };
        parent?: { getTextContent?: () => { style: { text?: string } } | undefined };
        transform?: number[] | null;
      };
      const host = document.querySelector(`[data-testid="${testId}"]`) as
        | (HTMLElement & { echartsInstance?: unknown })
        | null;
      const chart = host?.echartsInstance as {
        getZr(): { storage: { getDisplayList(update: boolean): Element[] } };
        convertToPixel(finder: { seriesIndex: number }, value: number[]): number[];
      };
      const lines = chart
        .getZr()
        .storage.getDisplayList(true)
        .filter(
          (element) => element.type === 'ec-line' && element.shape && element.shape.y1 === element.shape.y2,
        )
        .map((element) => {
          // a scene element may be moved by its group's transform; a markLine's is identity or a translation
          const dy = element.transform ? (element.transform[5] ?? 0) : 0;
          return {
            y: (element.shape as { y1: number }).y1 + dy,
            label: element.parent?.getTextContent?.()?.style.text ?? '',
          };
        });
      return {
        lines,
        expected: values.map((value) => chart.convertToPixel({ seriesIndex: 0 }, [0, value])[1]),
      };
    },
    { testId, values },
  ) as Promise<{ lines: DrawnLine[]; expected: number[] }>;
}

beforeAll(async () => {
  services = await startServices('ST-SPC');
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  adminKey = (
    await (
      await fetch(`${services.measureUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: services.adminPassword }),
      })
    ).json()
  ).api_key;
  const recipe = await api('POST', '/recipes', { code: 'SPC-BORE', name: 'Bore' });
  recipeId = recipe.id;
  await api('POST', `/recipes/${recipeId}/tasks`, {
    title: 'Bore',
    subtasks: [{ marker_number: 1, description: 'Bore Ø30', unit: 'mm', ...BORE }],
  });
  const version = (await api('GET', `/recipes/${recipeId}`)).current_version;
  subtaskId = version.tasks[0].subtasks[0].id;
  await api('POST', '/measurements/batch', {
    measurements: VALUES.map((value, i) => ({
      subtask_id: subtaskId,
      version_id: version.id,
      value,
      lot_number: 'LOT-1',
      serial_number: `SN-${i}`,
    })),
  });
});

afterAll(async () => {
  await browser?.close();
  await services?.stop();
});

async function openChart(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(error));
  await page.goto(services.measureUrl);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(services.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'SPC' }).click();
  await page.locator('select[name=recipe]').selectOption({ label: 'SPC-BORE · Bore' });
  await expect.poll(() => page.locator('select[name=subtask] option').count()).toBe(2);
  await page.locator('select[name=subtask]').selectOption({ index: 1 });
  await expect.poll(() => page.getByTestId('control-chart').getAttribute('data-count')).toBe('20');
  return page;
}

describe('control chart: every number drawn where it is', () => {
  it('draws UCL, centre, LCL, USL and LSL within one pixel of the API’s values, labelled at the bore’s resolution', async () => {
    const chart = await api('GET', `/statistics/control-chart?recipe_id=${recipeId}&subtask_id=${subtaskId}`);
    // the data are chosen so that rounding the UCL to 2 decimals would move it by more than a pixel
    expect(Math.abs(chart.ucl - Number(chart.ucl.toFixed(2)))).toBeGreaterThan(0.001);
    const page = await openChart();
    const wanted = [
      ['UCL', chart.ucl, 4],
      ['Centre', chart.center_line, 4],
      ['LCL', chart.lcl, 4],
      ['USL', BORE.utl, 3],
      ['LSL', BORE.ltl, 3],
    ] as const;
    const { lines, expected } = await drawnLines(
      page,
      'control-chart',
      wanted.map(([, value]) => value),
    );
    for (const [i, [name, value, decimals]] of wanted.entries()) {
      const label = `${name} ${value.toFixed(decimals)}`;
      const line = lines.find((candidate) => candidate.label === label);
      expect(line, `a line labelled "${label}" among ${JSON.stringify(lines)}`).toBeDefined();
      expect(Math.abs((line as DrawnLine).y - (expected[i] as number))).toBeLessThanOrEqual(1);
    }
  });
});
