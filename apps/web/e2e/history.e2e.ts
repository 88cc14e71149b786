/// <reference lib="dom" />
/**
 * A maker tightens the upper limit of a bore that already has measurements. Without a reason the
 * server refuses and the form says so; with one the change goes through, and the recipe's History tab
 * shows the limit before and after and the reason, exactly as the API recorded them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

let session: MetrologySession;
let recipeId = 0;

const BORE = { nominal: 30, ltl: 29.98, lwl: 29.99, uwl: 30.01, utl: 30.02 };
const TIGHTER_UTL = '30.015';
const REASON = 'ECN 4711: bore tolerance tightened';

beforeAll(async () => {
  session = await startMetrologySession('ST-HIST');
  recipeId = (await session.api('POST', '/recipes', { code: 'HIST-BORE', name: 'Housing' })).id;
  const task = await session.api('POST', `/recipes/${recipeId}/tasks`, {
    title: 'Bore',
    subtasks: [{ marker_number: 1, description: 'Bore Ø30', unit: 'mm', ...BORE }],
  });
  await session.api('POST', '/measurements/batch', {
    measurements: [30.004, 29.996, 30.011].map((value, i) => ({
      subtask_id: task.subtasks[0].id,
      version_id: task.version_id,
      value,
      serial_number: `SN-${i}`,
    })),
  });
});

afterAll(() => session?.stop());

describe('the change history in the web client', () => {
  it('asks for a reason to change a measured limit and shows the change before and after', async () => {
    const page = await session.signedIn(session.services.measureUrl);
    await page.getByRole('link', { name: 'Recipes' }).click();
    await page.getByRole('link', { name: /HIST-BORE/ }).click();

    await page
      .getByRole('row', { name: /Bore Ø30/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    // the five limits as they are stored (the form opens as nominal ± tolerance when the limits allow it)
    await page.locator('input[name=limit_mode]').nth(1).check();
    await page.locator('input[name=subtask_utl]').fill(TIGHTER_UTL);
    await page.getByRole('button', { name: 'Save' }).last().click();
    await expect.poll(() => page.getByRole('alert').first().textContent()).toContain('body.reason');

    await page.locator('input[name=subtask_reason]').fill(REASON);
    await page.getByRole('button', { name: 'Save' }).last().click();
    await expect.poll(() => page.locator('input[name=subtask_reason]').count()).toBe(0);

    await page.getByRole('tab', { name: 'History' }).click();
    const change = page.locator('tr', { hasText: REASON }).locator('li[data-field=utl]');
    await expect.poll(() => change.count()).toBe(1);

    const { items } = await session.api('GET', `/recipes/${recipeId}/history?entity_type=subtask`);
    expect(items).toHaveLength(1);
    const recorded = items[0].changes.find((c: { field: string }) => c.field === 'utl');
    expect(recorded).toEqual({ field: 'utl', before: BORE.utl, after: Number(TIGHTER_UTL) });
    expect(items[0].reason).toBe(REASON);
    expect(await change.locator('.before').textContent()).toBe(String(recorded.before));
    expect(await change.locator('.after').textContent()).toBe(String(recorded.after));
    await page.context().close();
  });
});
