/// <reference lib="dom" />
/**
 * A characteristic whose tolerance was tightened in a new recipe version keeps its history on screen: with
 * "All versions" the control chart holds both versions' points, a boundary line labelled with the new
 * version's number stands where its points begin, and each version's USL is drawn over its own points at
 * the API's value, read back from the chart's scene in pixels. The measurement table under the chart lists the
 * same rows, each with its version.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

let session: MetrologySession;
let recipeId = 0;
let currentSubtaskId = 0;

const BORE = { nominal: 30, ltl: 29.975, lwl: 29.985, uwl: 30.015, utl: 30.025 };
// The marker has measurements: a limit change carries its reason (change history).
const TIGHTER = { uwl: 30.012, utl: 30.02, reason: 'Tolerance tightened' };
const FIRST = [
  30.004, 29.996, 30.011, 29.998, 30.007, 29.993, 30.012, 30.001, 29.999, 30.009, 29.994, 30.006,
];
const SECOND = [30.003, 29.998, 30.005, 30.001, 29.997, 30.002];

interface Drawn {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  label: string;
}

/** Every straight line of the chart's scene with its label, and the pixel position of some data points. */
async function scene(page: Page, points: [number, number][]) {
  return page.evaluate(
    ({ points }) => {
      type Element = {
        type: string;
        shape?: { x1: number; y1: number; x2: number; y2: number };
        parent?: { getTextContent?: () => { style: { text?: string } } | undefined };
        transform?: number[] | null;
      };
      const host = document.querySelector('[data-testid="control-chart"]') as HTMLElement & {
        echartsInstance?: unknown;
      };
      const chart = host.echartsInstance as {
        getZr(): { storage: { getDisplayList(update: boolean): Element[] } };
        convertToPixel(finder: { seriesIndex: number }, value: number[]): number[];
      };
      const lines = chart
        .getZr()
        .storage.getDisplayList(true)
        .filter((element) => element.type === 'ec-line' && element.shape)
        .map((element) => {
          const m = element.transform ?? [1, 0, 0, 1, 0, 0];
          const shape = element.shape as { x1: number; y1: number; x2: number; y2: number };
          return {
            x1: shape.x1 + (m[4] as number),
            y1: shape.y1 + (m[5] as number),
            x2: shape.x2 + (m[4] as number),
            y2: shape.y2 + (m[5] as number),
            label: element.parent?.getTextContent?.()?.style.text ?? '',
          };
        });
      return { lines, pixels: points.map((point) => chart.convertToPixel({ seriesIndex: 0 }, point)) };
    },
    { points },
  ) as Promise<{ lines: Drawn[]; pixels: number[][] }>;
}

beforeAll(async () => {
  session = await startMetrologySession('ST-VERS');
  recipeId = (await session.api('POST', '/recipes', { code: 'VERS-BORE', name: 'Bore' })).id;
  await session.api('POST', `/recipes/${recipeId}/tasks`, {
    title: 'Bore',
    subtasks: [{ marker_number: 1, description: 'Bore Ø30', unit: 'mm', ...BORE }],
  });
  const first = (await session.api('GET', `/recipes/${recipeId}`)).current_version;
  const measure = (subtask_id: number, version_id: number, values: number[]) =>
    session.api('POST', '/measurements/batch', {
      measurements: values.map((value, i) => ({ subtask_id, version_id, value, serial_number: `SN-${i}` })),
    });
  await measure(first.tasks[0].subtasks[0].id, first.id, FIRST);
  // the subtask has measurements: tightening it creates the next version
  await session.api('PUT', `/subtasks/${first.tasks[0].subtasks[0].id}`, TIGHTER);
  const second = (await session.api('GET', `/recipes/${recipeId}`)).current_version;
  expect(second.version_number).toBe(first.version_number + 1);
  currentSubtaskId = second.tasks[0].subtasks[0].id;
  await measure(currentSubtaskId, second.id, SECOND);
});

afterAll(() => session?.stop());

describe('a characteristic across recipe versions', () => {
  it('shows both versions’ points with the boundary and each version’s USL where the API puts them', async () => {
    const api = await session.api(
      'GET',
      `/statistics/control-chart?recipe_id=${recipeId}&subtask_id=${currentSubtaskId}&across_versions=true`,
    );
    const versions = api.versions.filter((v: { start: number; end: number }) => v.end > v.start);
    expect(versions.map((v: { start: number; end: number; utl: number }) => [v.start, v.end, v.utl])).toEqual(
      [
        [0, FIRST.length, BORE.utl],
        [FIRST.length, FIRST.length + SECOND.length, TIGHTER.utl],
      ],
    );

    const page = await session.openSpc('VERS-BORE · Bore', 1, SECOND.length);
    await page.locator('select[name=versions]').selectOption('all');
    const total = FIRST.length + SECOND.length;
    await expect.poll(() => page.getByTestId('control-chart').getAttribute('data-count')).toBe(String(total));

    const boundaryX = FIRST.length - 0.5;
    const { lines, pixels } = await scene(page, [
      [boundaryX, BORE.utl],
      [-0.5, BORE.utl],
      [boundaryX, TIGHTER.utl],
      [total - 0.5, TIGHTER.utl],
    ]);
    const [atBoundary, firstStart, secondBoundary, secondEnd] = pixels as number[][];
    const boundary = lines.find((line) => line.label === `v${versions[1].version_number}`);
    expect(boundary, JSON.stringify(lines)).toBeDefined();
    expect(Math.abs((boundary as Drawn).x1 - (atBoundary?.[0] as number))).toBeLessThanOrEqual(1);
    expect((boundary as Drawn).x1).toBeCloseTo((boundary as Drawn).x2, 3);

    const firstUsl = lines.find((line) => line.label === 'USL 30.025') as Drawn;
    const secondUsl = lines.find((line) => line.label === 'USL 30.020') as Drawn;
    expect(firstUsl, JSON.stringify(lines)).toBeDefined();
    expect(secondUsl, JSON.stringify(lines)).toBeDefined();
    // each at its own value, over its own version's points only
    expect(Math.abs(firstUsl.y1 - (firstStart?.[1] as number))).toBeLessThanOrEqual(1);
    expect(Math.abs(firstUsl.x1 - (firstStart?.[0] as number))).toBeLessThanOrEqual(1);
    expect(Math.abs(firstUsl.x2 - (atBoundary?.[0] as number))).toBeLessThanOrEqual(1);
    expect(Math.abs(secondUsl.y1 - (secondBoundary?.[1] as number))).toBeLessThanOrEqual(1);
    expect(Math.abs(secondUsl.x1 - (secondBoundary?.[0] as number))).toBeLessThanOrEqual(1);
    expect(Math.abs(secondUsl.x2 - (secondEnd?.[0] as number))).toBeLessThanOrEqual(1);

    // the table under the chart lists what the chart shows: every version's rows, each naming its version
    const listed = await session.api(
      'GET',
      `/measurements/?subtask_id=${currentSubtaskId}&across_versions=true&per_page=50`,
    );
    expect(listed.total).toBe(total);
    const table = page.getByTestId('measurement-table');
    await expect.poll(() => table.locator('tbody tr').count()).toBe(total);
    const shown = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '');
        // columns with one point chosen: measured at, lot, serial, value, deviation, result, input, gauge, operator, version, …
        return `${cells[2]}|${cells[3]}|${row.querySelector('[data-testid="version-cell"]')?.textContent}`;
      }),
    );
    const expected = listed.items.map(
      (m: { serial_number: string; value: number; version_number: number }) =>
        `${m.serial_number}|${m.value}|v${m.version_number}`,
    );
    expect(shown).toEqual(expected);
    expect(new Set(shown.map((row) => row.split('|')[2]))).toEqual(
      new Set(versions.map((v: { version_number: number }) => `v${v.version_number}`)),
    );
  });
});
