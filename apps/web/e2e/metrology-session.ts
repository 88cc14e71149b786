/// <reference lib="dom" />
/**
 * The metrologist's side of the browser scenarios: the services and Chromium started once per file, the
 * admin's API key for seeding through the API, and the SPC page opened on a recipe's characteristic.
 */
import { type Browser, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { type Services, startServices } from './services.js';

export interface MetrologySession {
  services: Services;
  browser: Browser;
  /** The admin's call of the measurement API; throws on a non-2xx answer. */
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, read field by field in the tests
  api(method: string, path: string, body?: unknown): Promise<any>;
  /** A new page at `url` (the web client or the station) signed in as admin, at `viewport` (default 1280 × 900). */
  signedIn(url: string, viewport?: { width: number; height: number }): Promise<Page>;
  /** Signs in as admin, opens the overview of `recipeLabel`, then the chart of its `subtaskIndex`-th characteristic (from 1), and waits for `count` points. */
  openSpc(recipeLabel: string, subtaskIndex: number, count: number): Promise<Page>;
  stop(): Promise<void>;
}

export async function startMetrologySession(stationCode: string): Promise<MetrologySession> {
  const services = await startServices(stationCode);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const login = await fetch(`${services.measureUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: services.adminPassword }),
  });
  const adminKey = ((await login.json()) as { api_key: string }).api_key;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${services.measureUrl}/api${path}`, {
      method,
      headers: { 'X-API-Key': adminKey, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };

  const signedIn = async (url: string, viewport = { width: 1280, height: 900 }) => {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(error));
    await page.goto(url);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(services.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    return page;
  };

  const openSpc = async (recipeLabel: string, subtaskIndex: number, count: number) => {
    const page = await signedIn(services.measureUrl);
    // the capability overview first, then the characteristic's chart through its row's link
    await page.getByRole('link', { name: 'SPC' }).click();
    await page.locator('select[name=recipe]').selectOption({ label: recipeLabel });
    const rows = page.getByTestId('capability-overview').locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(subtaskIndex);
    await rows
      .nth(subtaskIndex - 1)
      .getByRole('link')
      .click();
    await expect.poll(() => page.getByTestId('control-chart').getAttribute('data-count')).toBe(String(count));
    return page;
  };

  return {
    services,
    browser,
    api,
    signedIn,
    openSpc,
    stop: async () => {
      await browser.close();
      await services.stop();
    },
  };
}
