/// <reference lib="dom" />
/**
 * What the metrologist's control chart draws, read back from the chart itself (the rendered shapes of
 * ECharts' scene, in pixels) and held against the statistics API's numbers: every limit line of the I and
 * moving-range charts within one pixel of where the API's value lies on the axis, labelled at the
 * characteristic's resolution, and a rule-2 run labelled "2" at the point that completes it.
 * Run: `npm run test:e2e` (or this file alone with the e2e config).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

let session: MetrologySession;
let recipeId = 0;
let subtaskId = 0;
let lengthId = 0;

/** The bore: 30 ± 0.025 mm (3 decimals). The values give a UCL of about 30.023, between USL and 30.02. */
const BORE = { nominal: 30, ltl: 29.975, lwl: 29.985, uwl: 30.015, utl: 30.025 };
const VALUES = [
  30.004, 29.996, 30.011, 29.998, 30.007, 29.993, 30.012, 30.001, 29.999, 30.009, 29.994, 30.006, 30.013,
  29.997, 30.003, 30.008, 29.995, 30.01, 30.002, 30.005,
];
/**
 * A 120 ± 0.1 length whose points 5–13 (indices 4–12) all lie above the mean of 120.0079: a run of nine
 * on one side, Nelson's rule 2, completed at index 12; no other rule fires on these values.
 */
const LENGTH = { nominal: 120, ltl: 119.9, lwl: 119.95, uwl: 120.05, utl: 120.1 };
const RUN = [
  120.03, 119.97, 120.02, 119.98, 120.012, 120.015, 120.011, 120.014, 120.013, 120.016, 120.012, 120.015,
  120.011, 119.96, 120.04,
];

const api = (method: string, path: string, body?: unknown) => session.api(method, path, body);

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
  session = await startMetrologySession('ST-SPC');
  const recipe = await api('POST', '/recipes', { code: 'SPC-BORE', name: 'Bore' });
  recipeId = recipe.id;
  await api('POST', `/recipes/${recipeId}/tasks`, {
    title: 'Bore',
    subtasks: [
      { marker_number: 1, description: 'Bore Ø30', unit: 'mm', ...BORE },
      { marker_number: 2, description: 'Length 120', unit: 'mm', ...LENGTH },
    ],
  });
  const version = (await api('GET', `/recipes/${recipeId}`)).current_version;
  [subtaskId, lengthId] = version.tasks[0].subtasks.map((s: { id: number }) => s.id);
  const measure = (id: number, values: number[]) =>
    values.map((value, i) => ({
      subtask_id: id,
      version_id: version.id,
      value,
      lot_number: 'LOT-1',
      serial_number: `SN-${i}`,
    }));
  await api('POST', '/measurements/batch', {
    measurements: [...measure(subtaskId, VALUES), ...measure(lengthId as number, RUN)],
  });
});

afterAll(() => session?.stop());

/** Texts drawn in the chart's scene (zrender draws label text as tspan elements), box centres in chart pixels. */
async function drawnTexts(page: Page, testId: string, point: [number, number]) {
  return page.evaluate(
    ({ testId, point }) => {
      type Element = {
        type: string;
        style?: { text?: string };
        transform?: number[] | null;
        getBoundingRect(): { x: number; y: number; width: number; height: number };
      };
      const host = document.querySelector(`[data-testid="${testId}"]`) as HTMLElement & {
        echartsInstance?: unknown;
      };
      const chart = host.echartsInstance as {
        getZr(): { storage: { getDisplayList(update: boolean): Element[] } };
        convertToPixel(finder: { seriesIndex: number }, value: number[]): number[];
      };
      const texts = chart
        .getZr()
        .storage.getDisplayList(true)
        .filter((element) => (element.type === 'text' || element.type === 'tspan') && element.style?.text)
        .map((element) => {
          const box = element.getBoundingRect();
          const m = element.transform ?? [1, 0, 0, 1, 0, 0];
          const cx = box.x + box.width / 2;
          const cy = box.y + box.height / 2;
          return {
            text: element.style?.text as string,
            x: (m[0] as number) * cx + (m[2] as number) * cy + (m[4] as number),
            y: (m[1] as number) * cx + (m[3] as number) * cy + (m[5] as number),
          };
        });
      return { texts, point: chart.convertToPixel({ seriesIndex: 0 }, point) };
    },
    { testId, point },
  );
}

const openChart = (subtaskIndex = 1, count = 20) => session.openSpc('SPC-BORE · Bore', subtaskIndex, count);

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

  it('draws the moving-range chart under the I chart with its limits at the API’s values', async () => {
    const chart = await api('GET', `/statistics/control-chart?recipe_id=${recipeId}&subtask_id=${subtaskId}`);
    const page = await openChart();
    await expect.poll(() => page.getByTestId('mr-chart').getAttribute('data-count')).toBe('19');
    const mr = chart.moving_range;
    const { lines, expected } = await drawnLines(page, 'mr-chart', [mr.ucl, mr.center_line]);
    for (const [i, [name, value]] of [
      ['UCL', mr.ucl],
      ['Centre', mr.center_line],
    ].entries()) {
      const line = lines.find((candidate) => candidate.label === `${name} ${(value as number).toFixed(4)}`);
      expect(line, `MR line ${name} among ${JSON.stringify(lines)}`).toBeDefined();
      expect(Math.abs((line as DrawnLine).y - (expected[i] as number))).toBeLessThanOrEqual(1);
    }
  });

  it('flags nine points on one side of the centre with rule 2, drawn at the ninth point and listed', async () => {
    const chart = await api(
      'GET',
      `/statistics/control-chart?recipe_id=${recipeId}&subtask_id=${lengthId}&rules=nelson`,
    );
    expect(chart.violations).toEqual([{ index: 12, rules: [2] }]);
    const page = await openChart(2, RUN.length);
    const { texts, point } = await drawnTexts(page, 'control-chart', [12, RUN[12] as number]);
    // the label sits just above the flagged point's marker
    const label = texts.find(
      (text) =>
        text.text === '2' && Math.abs(text.x - (point[0] as number)) < 3 && text.y < (point[1] as number),
    );
    expect(label, `a "2" above ${JSON.stringify(point)} among ${JSON.stringify(texts)}`).toBeDefined();
    expect((point[1] as number) - (label as { y: number }).y).toBeLessThan(30);
    await expect
      .poll(() => page.getByTestId('rule-violations').textContent())
      .toBe('Point 13: 2: 9 points in a row on one side of the centre line');
  });
});
