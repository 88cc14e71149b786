/// <reference lib="dom" />
/**
 * Every page of the web client, for each role of the demo shop (`npm run demo`), at 1024 and 1280 px
 * wide, in English and German: nothing wider than the window (no horizontal scrolling), and no button in
 * a table, tile or form cut off by its container. At the station, at 1024 × 768, the operator reaches
 * Submit without scrolling.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_RECIPE, DEMO_STATION, DEMO_USERS } from '../../../scripts/demo/demo-shop.js';
import { seedDemo } from '../../../scripts/demo/seed-demo.js';
import { type Services, startServices } from './services.js';

const WIDTHS = [1024, 1280] as const;
const LANGUAGES = ['en', 'de'] as const;
const RECIPE_LABEL = `${DEMO_RECIPE.code} · ${DEMO_RECIPE.name}`;

let services: Services;
let browser: Browser;
let recipeId = 0;

/** The pages a role reaches from its navigation, each with what must be on screen before measuring it. */
const PAGES: Record<string, { path: string; ready(page: Page): Promise<unknown> }[]> = {
  mara: [
    { path: '/maker', ready: (page) => page.getByRole('cell', { name: DEMO_RECIPE.name }).waitFor() },
    {
      path: '/maker/recipes/:recipe',
      ready: (page) => page.locator('[data-testid=task-image] img').waitFor(),
    },
  ],
  meta: [
    { path: '/metrology', ready: (page) => openOverview(page) },
    { path: '/metrology', ready: (page) => openChart(page) },
  ],
  ada: [
    {
      path: '/admin/users',
      ready: (page) => page.getByRole('cell', { name: 'mara@demo.example' }).waitFor(),
    },
    {
      path: '/admin/stations',
      ready: (page) => page.locator('td', { hasText: DEMO_STATION }).first().waitFor({ state: 'attached' }),
    },
    { path: '/admin/settings', ready: (page) => page.locator('select[name=csv_delimiter]').waitFor() },
  ],
  otto: [{ path: '/profile', ready: (page) => page.locator('main h1, main h2').first().waitFor() }],
};

/** The metrologist's landing page: the capability overview of the demo recipe's characteristics. */
async function openOverview(page: Page): Promise<void> {
  await page.locator('select[name=recipe]').selectOption({ label: RECIPE_LABEL });
  await expect
    .poll(() => page.getByTestId('capability-overview').locator('tbody tr').count())
    .toBeGreaterThan(1);
}

/** A characteristic's chart page, reached from its row of the overview. */
async function openChart(page: Page): Promise<void> {
  await openOverview(page);
  await page.getByTestId('capability-overview').locator('tbody tr').first().getByRole('link').first().click();
  await expect.poll(() => page.getByTestId('control-chart').getAttribute('data-count')).toBe('80');
}

/** What overflows: the page's own scroll width, and every button cut off by a clipping ancestor. */
function overflow(page: Page) {
  return page.evaluate(() => {
    const scrolling = document.scrollingElement as HTMLElement;
    const clipped: string[] = [];
    for (const button of Array.from(
      document.querySelectorAll<HTMLElement>('button, a.button, input[type=submit]'),
    )) {
      const box = button.getBoundingClientRect();
      if (box.width === 0) continue;
      const name = `${button.textContent?.trim() || button.getAttribute('aria-label')}`;
      if (box.right > window.innerWidth + 0.5 || box.left < -0.5) clipped.push(`${name}: outside the window`);
      if (button.scrollWidth > button.clientWidth + 1) clipped.push(`${name}: text wider than the button`);
      for (let parent = button.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const frame = parent.getBoundingClientRect();
        if (box.right > frame.right + 0.5 || box.left < frame.left - 0.5) {
          clipped.push(`${name}: cut off by ${parent.tagName.toLowerCase()}.${parent.className}`);
        }
      }
    }
    return { scrollWidth: scrolling.scrollWidth, innerWidth: window.innerWidth, clipped };
  });
}

async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(baseUrl);
  const user = DEMO_USERS.find((u) => u.username === username);
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(user?.password ?? '');
  await page.locator('button[type=submit]').click();
  await page.locator('header nav').waitFor();
}

async function newPage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(error));
  return page;
}

beforeAll(async () => {
  services = await startServices(DEMO_STATION);
  recipeId = (
    await seedDemo({
      url: services.measureUrl,
      adminUsername: 'admin',
      adminPassword: services.adminPassword,
    })
  ).recipeId;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});

afterAll(async () => {
  await browser?.close();
  await services?.stop();
});

/** The client takes its language from the signed-in user's preference. */
async function setLanguage(language: string): Promise<void> {
  const admin = await fetch(`${services.measureUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: services.adminPassword }),
  });
  const headers = { 'X-API-Key': ((await admin.json()) as { api_key: string }).api_key };
  const users = (await (await fetch(`${services.measureUrl}/api/users`, { headers })).json()) as {
    id: number;
    username: string;
  }[];
  for (const user of users.filter((u) => DEMO_USERS.some((demo) => demo.username === u.username))) {
    const response = await fetch(`${services.measureUrl}/api/users/${user.id}`, {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ language_pref: language }),
    });
    if (!response.ok) throw new Error(`language of ${user.username}: ${response.status}`);
  }
}

describe.each(LANGUAGES)('layout in %s', (language) => {
  beforeAll(() => setLanguage(language));
  describe.each(WIDTHS)('at %i px', (width) => {
    it.each(Object.keys(PAGES))('every page of %s fits the window', async (username) => {
      const page = await newPage(width, 800);
      await signIn(page, services.measureUrl, username);
      const problems: string[] = [];
      for (const { path, ready } of PAGES[username] ?? []) {
        await page.goto(`${services.measureUrl}${path.replace(':recipe', String(recipeId))}`);
        await ready(page);
        const found = await overflow(page);
        if (found.scrollWidth > found.innerWidth) {
          problems.push(`${path}: page ${found.scrollWidth} px wide in a ${found.innerWidth} px window`);
        }
        problems.push(...found.clipped.map((clip) => `${path}: ${clip}`));
      }
      await page.context().close();
      expect(problems).toEqual([]);
    });

    it('the station fits the window, and Submit is on screen at 768 px high', async () => {
      const page = await newPage(width, 768);
      await signIn(page, services.stationUrl, 'otto');
      await page.getByRole('button', { name: new RegExp(DEMO_RECIPE.name) }).click();
      await page.locator('input[name=lot_number]').fill('LOT-L');
      await page.locator('input[name=serial_number]').fill('SN-L1');
      await page.keyboard.press('Enter');
      await page.locator('.big-input').waitFor();
      const found = await overflow(page);
      expect(found.scrollWidth).toBeLessThanOrEqual(found.innerWidth);
      expect(found.clipped).toEqual([]);
      const tiles = await page
        .locator('.limits > div')
        .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).length);
      expect(tiles).toBe(0);
      const submit = page.locator('button.primary').last();
      const box = await submit.boundingBox();
      const scrollY = await page.evaluate(() => window.scrollY);
      expect(scrollY).toBe(0);
      expect(box && box.y + box.height).toBeLessThanOrEqual(768);
      await page.context().close();
    });
  });
});
