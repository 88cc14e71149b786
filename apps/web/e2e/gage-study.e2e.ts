/// <reference lib="dom" />
/**
 * A gage R&R study end to end: a metrologist defines it in the browser, two operators take their readings
 * at a station in the order the station asks for (part and trial of each), and the result page and the PDF
 * show the figures of the API's result.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

const PASSWORD = 'gage-operator-pw-1';
const OPERATORS = ['gina', 'gustav'];
const PARTS = 5;
const TRIALS = 2;

/** What operator `o` reads on a part in a trial: part sizes 0.2 apart, an operator offset, small noise. */
const reading = (o: number, part: number, trial: number) =>
  Number((10 + (part - 3) * 0.2 + o * 0.03 + (((part * 7 + trial * 3 + o * 5) % 5) - 2) * 0.01).toFixed(3));

let session: MetrologySession;
let tmp: string;

const en = (value: number, digits: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

async function signIn(url: string, username: string, password: string): Promise<Page> {
  const context = await session.browser.newContext({
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(error));
  await page.goto(url);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
  return page;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'e2e-gage-'));
  session = await startMetrologySession('ST-GAGE');
  const recipe = await session.api('POST', '/recipes', { code: 'GAGE-1', name: 'Bushing' });
  await session.api('POST', `/recipes/${recipe.id}/tasks`, {
    title: 'Bore',
    subtasks: [
      {
        marker_number: 1,
        description: 'Bore 10',
        unit: 'mm',
        nominal: 10,
        ltl: 9,
        lwl: 9.5,
        uwl: 10.5,
        utl: 11,
      },
    ],
  });
  for (const username of OPERATORS) {
    await session.api('POST', '/users', { username, password: PASSWORD, roles: ['MeasurementTec'] });
  }
});

afterAll(async () => {
  await session?.stop();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('gage R&R study', () => {
  let studyId = 0;

  it('a metrologist defines the study on a characteristic with two operators', async () => {
    const page = await signIn(session.services.measureUrl, 'admin', session.services.adminPassword);
    await page.getByRole('link', { name: 'Gage R&R' }).click();
    const form = page.getByTestId('define-study');
    await form.locator('select[name=recipe]').selectOption({ label: 'GAGE-1 · Bushing' });
    await expect.poll(() => form.locator('select[name=subtask] option').count()).toBe(2);
    await form.locator('select[name=subtask]').selectOption({ index: 1 });
    await form.locator('input[name=parts]').fill(String(PARTS));
    await form.locator('input[name=trials]').fill(String(TRIALS));
    for (const name of OPERATORS) await form.getByLabel(name).check();
    await form.getByRole('button', { name: 'Define study' }).click();
    await page.getByText('The result appears when every operator has recorded every reading.').waitFor();
    const [study] = await session.api('GET', '/gage-studies');
    studyId = study.id;
    expect(study).toMatchObject({ parts: PARTS, trials: TRIALS, tolerance: 2, complete: false });
    expect(study.operators.map((o: { username: string }) => o.username)).toEqual(OPERATORS);
    await page.context().close();
  });

  it('each operator takes the readings at the station in the order it asks for', async () => {
    for (const [o, username] of OPERATORS.entries()) {
      const page = await signIn(session.services.stationUrl, username, PASSWORD);
      await page.getByRole('link', { name: 'Gage study' }).click();
      await page.getByRole('button', { name: /Gage R&R #1/ }).click();
      const asked: string[] = [];
      for (let n = 1; n <= PARTS * TRIALS; n++) {
        const prompt = page.getByTestId('gage-prompt');
        await expect
          .poll(() => page.getByTestId('gage-progress').textContent())
          .toBe(`${n - 1} of ${PARTS * TRIALS} readings recorded`);
        const part = Number(await prompt.getAttribute('data-part'));
        const trial = Number(await prompt.getAttribute('data-trial'));
        expect(await prompt.textContent()).toBe(`Measure part ${part} (trial ${trial})`);
        asked.push(`${part}/${trial}`);
        await page.getByLabel(/Measured value/).fill(String(reading(o, part, trial)));
        await page.keyboard.press('Enter');
      }
      await page.getByTestId('gage-done').waitFor();
      // every part once in each trial round, trial 1 first
      expect(asked.slice(0, PARTS).every((a) => a.endsWith('/1'))).toBe(true);
      expect(new Set(asked).size).toBe(PARTS * TRIALS);
      await page.context().close();
    }
  });

  it('the result page and the PDF show the figures of the API’s result', async () => {
    const result = await session.api('GET', `/gage-studies/${studyId}/result`);
    const grr = result.components.find((c: { source: string }) => c.source === 'gage_rr');
    const page = await signIn(session.services.measureUrl, 'admin', session.services.adminPassword);
    await page.getByRole('link', { name: 'Gage R&R' }).click();
    await page
      .getByTestId('gage-studies')
      .getByRole('button', { name: /Gage R&R #1/ })
      .click();
    await page.getByTestId('gage-result').waitFor();

    expect(await page.getByTestId('grr-study-var').textContent()).toBe(
      `${en(grr.percent_study_variation, 2)} %`,
    );
    expect(await page.getByTestId('grr-tolerance').textContent()).toBe(`${en(grr.percent_tolerance, 2)} %`);
    expect(await page.getByTestId('ndc').textContent()).toBe(String(result.ndc));
    const cells = (source: string) =>
      page.getByTestId('gage-components').locator(`tr[data-source=${source}] td`).allTextContents();
    for (const c of result.components) {
      expect((await cells(c.source))[1], c.source).toBe(en(c.percent_contribution, 2));
      expect((await cells(c.source))[4], c.source).toBe(en(c.percent_study_variation, 2));
    }
    const anova = result.anova.without_interaction ?? result.anova.with_interaction;
    const partRow = await page
      .getByTestId(result.anova.without_interaction ? 'anova-without' : 'anova-with')
      .locator('tbody tr')
      .first()
      .locator('td')
      .allTextContents();
    expect(partRow[0]).toBe(String(anova.part.df));
    expect(partRow[3]).toBe(en(anova.part.f, 3));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF report' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`GageRR_GAGE-1_1_${studyId}.pdf`);
    const path = join(tmp, 'gage.pdf');
    await download.saveAs(path);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', path, '-']);
    const text = stdout.replace(/[ \t]+/g, ' ');
    expect(text).toContain(`Design 5 parts × 2 operators × 2 trials`);
    expect(text).toContain(`${grr.percent_study_variation.toFixed(2)} % — `);
    expect(text).toContain(`Number of distinct categories ${result.ndc}`);
    await page.context().close();
  });
});
