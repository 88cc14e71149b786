/// <reference lib="dom" />
/**
 * Gauges at the station, in Chromium against the real services: a gauge past its calibration due date is
 * refused with the reason when scanned and is not offered for choosing; a part measured with a valid
 * gauge is stored with that gauge and the time each value was taken; a reading finer than the gauge's
 * resolution is stopped at the station with the value kept in the field. The register page shows the
 * overdue gauge as overdue. Also writes the refusal's screenshot for docs/screenshots/.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';
import { repoRoot } from './services.js';

const STATION = 'ST-GAUGE';
let session: MetrologySession;
let subtaskId = 0;
let valid: { id: number };

beforeAll(async () => {
  session = await startMetrologySession(STATION);
  const recipe = await session.api('POST', '/recipes', { code: 'GAUGE-PIN', name: 'Pin' });
  await session.api('POST', `/recipes/${recipe.id}/tasks`, {
    title: 'Diameter',
    subtasks: [{ marker_number: 1, unit: 'mm', nominal: 10, ltl: 9.9, lwl: 9.95, uwl: 10.05, utl: 10.1 }],
  });
  subtaskId = (await session.api('GET', `/recipes/${recipe.id}`)).current_version.tasks[0].subtasks[0].id;
  const station = await session.api('POST', '/stations', { code: STATION, name: 'Bench 3' });
  await session.api('POST', `/stations/${station.id}/recipes`, { recipe_id: recipe.id });
  const gauge = { type: 'caliper', resolution: 0.01, calibrated_on: '2019-01-01' };
  await session.api('POST', '/gauges', { ...gauge, code: 'C-OLD', calibration_due: '2020-01-01' });
  valid = await session.api('POST', '/gauges', {
    ...gauge,
    code: 'C-OK',
    description: 'Digital caliper 150 mm',
    calibration_due: '2099-12-31',
  });
});

afterAll(() => session?.stop());

describe('gauges at the station', () => {
  it('blocks an overdue gauge with the reason and stores a part with the valid gauge it was measured with', async () => {
    const page = await session.signedIn(session.services.stationUrl, { width: 1024, height: 768 });
    await page.getByRole('button', { name: /Pin/ }).click();
    await page.getByLabel('Lot number').fill('LOT-G');
    await page.getByLabel('Serial number').fill('SN-G1');

    // the scanner types the code on the overdue gauge and Enter
    const scan = page.getByLabel('Scan or type the gauge code');
    await scan.fill('c-old');
    await scan.press('Enter');
    expect(await page.getByTestId('gauge-problem').textContent()).toBe(
      'Gauge C-OLD is past its calibration due date (2020-01-01) and must not be used. Take another gauge.',
    );
    await page.screenshot({ path: join(repoRoot, 'docs/screenshots/station-gauge-overdue.png') });
    const choices = await page.getByLabel('Gauge in use').locator('option').allTextContents();
    expect(choices).toEqual(['Choose a gauge', 'C-OK · caliper · Digital caliper 150 mm']);
    await page.getByRole('button', { name: 'Start measuring' }).click();
    await page.getByText('Choose the gauge you measure with.').waitFor();
    expect(await page.getByLabel(/Measured value/).count()).toBe(0);

    await page.getByLabel('Gauge in use').selectOption({ label: 'C-OK · caliper · Digital caliper 150 mm' });
    await page.getByRole('button', { name: 'Start measuring' }).click();
    const field = page.getByLabel(/Measured value/);
    await field.fill('10.034');
    await field.press('Enter');
    expect(await page.getByTestId('gauge-resolution').textContent()).toBe(
      '10.034 has more decimals than gauge C-OK shows (0.01). Check the reading.',
    );
    expect(await field.inputValue()).toBe('10.034');
    await field.fill('10.03');
    await field.press('Enter');
    await page.getByRole('button', { name: 'Submit part' }).click();
    await page.getByText('Part SN-G1 saved').waitFor();

    await expect
      .poll(async () => (await session.api('GET', `/measurements/?subtask_id=${subtaskId}`)).items)
      .toMatchObject([{ value: 10.03, serial_number: 'SN-G1', gauge_id: valid.id }]);
    const [stored] = (await session.api('GET', `/measurements/?subtask_id=${subtaskId}`)).items;
    expect(Date.parse(stored.taken_at)).not.toBeNaN();
    await page.context().close();
  });

  it('the register shows the overdue gauge as overdue and the metrologist sees the gauge of each value', async () => {
    const page = await session.signedIn(session.services.measureUrl);
    await page.getByRole('link', { name: 'Gauges' }).click();
    const rows = page.getByTestId('gauge-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toMatch(/^C-OK.*2099-12-31\s*In service/);
    expect(await rows.nth(1).textContent()).toMatch(/^C-OLD.*2020-01-01\s*Overdue\s*In service/);

    await page.getByRole('link', { name: 'SPC' }).click();
    await page.locator('select[name=recipe]').selectOption({ label: 'GAUGE-PIN · Pin' });
    // the capability overview lists the characteristics; the measurement table is on a characteristic's chart
    await page
      .getByTestId('capability-overview')
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .first()
      .click();
    const row = page.getByTestId('measurement-table').locator('tr', { hasText: 'SN-G1' });
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toContain('C-OK');
    await page.context().close();
  });
});
