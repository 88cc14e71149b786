/// <reference lib="dom" />
/**
 * At the station, a reading far outside the plausible band (1200.2 for a 120 ± 0.1 length, more than five
 * tolerance widths from nominal) is not taken silently: the station asks to re-measure or confirm, the reading
 * stays in the field meanwhile, and a confirmed outlier is stored exactly as typed. A serial number measured
 * before in the lot is announced in the measure view without holding up what is typed. Also writes the prompt's
 * screenshot for docs/screenshots/.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';
import { repoRoot } from './services.js';

const STATION = 'ST-PLAUS';
const LENGTH = { nominal: 120, ltl: 119.9, lwl: 119.95, uwl: 120.05, utl: 120.1 };
let session: MetrologySession;
let subtaskId = 0;

beforeAll(async () => {
  session = await startMetrologySession(STATION);
  const recipe = await session.api('POST', '/recipes', { code: 'PLAUS-SHAFT', name: 'Shaft' });
  await session.api('POST', `/recipes/${recipe.id}/tasks`, {
    title: 'Length',
    subtasks: [{ marker_number: 1, description: 'Overall length', unit: 'mm', ...LENGTH }],
  });
  subtaskId = (await session.api('GET', `/recipes/${recipe.id}`)).current_version.tasks[0].subtasks[0].id;
  const station = await session.api('POST', '/stations', { code: STATION, name: 'Bench 2' });
  await session.api('POST', `/stations/${station.id}/recipes`, { recipe_id: recipe.id });
});

afterAll(() => session?.stop());

describe('plausibility at the station', () => {
  it('asks before keeping 1200.2 for a 120 ± 0.1 length, keeps the reading in the field, and stores it once confirmed', async () => {
    const page = await session.signedIn(session.services.stationUrl, { width: 1024, height: 768 });
    await page.getByRole('button', { name: /Shaft/ }).click();
    await page.getByLabel('Lot number').fill('LOT-9');
    await page.getByLabel('Serial number').fill('SN-900');
    await page.getByRole('button', { name: 'Start measuring' }).click();

    const field = page.getByLabel(/Measured value/);
    await field.fill('1200.2');
    await field.press('Enter');
    const prompt = page.getByTestId('plausibility-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('1,200.2 mm is far from 120.00 ± 0.10');
    expect(await field.inputValue()).toBe('1200.2');
    await page.screenshot({ path: join(repoRoot, 'docs/screenshots/station-plausibility.png') });

    await prompt.getByRole('button', { name: 'Keep 1,200.2' }).click();
    await prompt.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Submit part' }).click();
    await page.getByText('Part SN-900 saved').waitFor();

    await expect
      .poll(async () => (await session.api('GET', `/measurements/?subtask_id=${subtaskId}`)).items)
      .toMatchObject([{ value: 1200.2, serial_number: 'SN-900', pass_fail: 'fail' }]);

    // the same serial number again in this lot: the part starts at once and the reading typed straight away is
    // kept; the warning comes while it is measured, and Submit waits until the operator keeps the serial
    await page.getByLabel('Serial number').fill('SN-900');
    await page.getByLabel('Serial number').press('Enter');
    await page.keyboard.type('120.02');
    await page.keyboard.press('Enter');
    const duplicate = page.getByTestId('duplicate-serial');
    await duplicate.waitFor();
    expect(await duplicate.textContent()).toContain(
      'Serial number SN-900 of lot LOT-9 was measured already (1 value,',
    );
    const submit = page.getByRole('button', { name: 'Submit part' });
    expect(await submit.isDisabled()).toBe(true);
    await duplicate.getByRole('button', { name: 'Keep serial number' }).click();
    await duplicate.waitFor({ state: 'detached' });
    await submit.click();
    await page.getByText('Part SN-900 saved').waitFor();
    await expect
      .poll(async () =>
        (await session.api('GET', `/measurements/?subtask_id=${subtaskId}`)).items
          .map((m: { value: number }) => m.value)
          .sort((a: number, b: number) => a - b),
      )
      .toEqual([120.02, 1200.2]);
    await page.context().close();
  });
});
