/// <reference lib="dom" />
/**
 * The metrologist's measurement table names who measured (the operator's display name, not the id) and, with
 * only a recipe chosen, which point each value belongs to; both read against the API. In the dark theme the
 * histogram's grid lines take the theme's border colour.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

let session: MetrologySession;
const LIMITS = { nominal: 10, ltl: 9.8, lwl: 9.9, uwl: 10.1, utl: 10.2 };
const VALUES = [10.01, 9.98, 10.03, 10.0, 9.99, 10.02];

beforeAll(async () => {
  session = await startMetrologySession('ST-TABLE');
  const recipe = await session.api('POST', '/recipes', { code: 'TABLE-FL', name: 'Flange' });
  await session.api('POST', `/recipes/${recipe.id}/tasks`, {
    title: 'Diameters',
    subtasks: [
      { marker_number: 1, description: 'Outer Ø', unit: 'mm', ...LIMITS },
      { marker_number: 2, description: 'Bore Ø', unit: 'mm', ...LIMITS },
    ],
  });
  const version = (await session.api('GET', `/recipes/${recipe.id}`)).current_version;
  const [outer, bore] = version.tasks[0].subtasks;
  await session.api('POST', '/users', {
    username: 'olga',
    password: 'password-123',
    display_name: 'Olga Operator',
    roles: ['MeasurementTec'],
  });
  const login = await fetch(`${session.services.measureUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'olga', password: 'password-123' }),
  });
  const olgaKey = ((await login.json()) as { api_key: string }).api_key;
  const measurements = VALUES.flatMap((value, i) => [
    { subtask_id: outer.id, version_id: version.id, value, lot_number: 'L-1', serial_number: `SN-${i}` },
    { subtask_id: bore.id, version_id: version.id, value, lot_number: 'L-1', serial_number: `SN-${i}` },
  ]);
  const stored = await fetch(`${session.services.measureUrl}/api/measurements/batch`, {
    method: 'POST',
    headers: { 'X-API-Key': olgaKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ measurements }),
  });
  expect(stored.status).toBe(200);
  const me = await session.api('GET', '/auth/me');
  await session.api('PUT', `/users/${me.id}`, { theme_pref: 'dark' });
});

afterAll(() => session?.stop());

describe('measurement table', () => {
  it('shows the operator’s name and, with only a recipe chosen, each row’s point', async () => {
    const page = await session.openSpc('TABLE-FL · Flange', 1, VALUES.length);
    const table = page.getByTestId('measurement-table');
    await page.locator('select[name=subtask]').selectOption({ index: 0 });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(VALUES.length * 2);

    const api = await session.api('GET', '/measurements/?per_page=50');
    const expected = api.items.map(
      (m: { serial_number: string; marker_number: number; operator_name: string }) =>
        `${m.serial_number}|${m.marker_number}|${m.operator_name}`,
    );
    const shown = await table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) => {
        const cells = Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '');
        // columns: measured at, point, lot, serial, value, deviation, result, input, gauge, operator, …
        return `${cells[3]}|${cells[1]?.split(' · ')[0]}|${cells[9]}`;
      }),
    );
    expect(shown.sort()).toEqual(expected.sort());
    expect(new Set(shown.map((row) => row.split('|')[2]))).toEqual(new Set(['Olga Operator']));
    expect(await table.getByRole('columnheader', { name: 'Point' }).count()).toBe(1);

    await page.locator('select[name=subtask]').selectOption({ index: 1 });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(VALUES.length);
    expect(await table.getByRole('columnheader', { name: 'Point' }).count()).toBe(0);
  });

  it('draws the histogram’s grid lines in the dark theme’s border colour', async () => {
    const page = await session.openSpc('TABLE-FL · Flange', 1, VALUES.length);
    const colours = await page.evaluate(() => {
      const host = document.querySelector('[data-testid="histogram"]') as HTMLElement & {
        echartsInstance?: { getOption(): { xAxis: SplitAxis[]; yAxis: SplitAxis[] } };
      };
      type SplitAxis = { splitLine: { lineStyle: { color: string } } };
      const option = host.echartsInstance?.getOption();
      return {
        theme: document.documentElement.dataset.theme,
        border: getComputedStyle(document.documentElement).getPropertyValue('--border').trim(),
        x: option?.xAxis[0]?.splitLine.lineStyle.color,
        y: option?.yAxis[0]?.splitLine.lineStyle.color,
      };
    });
    expect(colours.theme).toBe('dark');
    expect(colours.border).toBe('#5b6673');
    expect([colours.x, colours.y]).toEqual([colours.border, colours.border]);
  });
});
