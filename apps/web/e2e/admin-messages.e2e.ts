/// <reference lib="dom" />
/**
 * A German administrator on the Users page: the password rule is shown before submitting, a password the
 * server refuses comes back as "Passwort: braucht mindestens 8 Zeichen" (not Ajv's English), a user's name,
 * e-mail and language are edited and a deactivated user is reactivated (checked against the API); and the
 * sign-in rate limit is announced in German.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MetrologySession, startMetrologySession } from './metrology-session.js';

let session: MetrologySession;

beforeAll(async () => {
  session = await startMetrologySession('ST-ADMIN');
  const me = await session.api('GET', '/auth/me');
  await session.api('PUT', `/users/${me.id}`, { language_pref: 'de' });
});

afterAll(() => session?.stop());

// biome-ignore lint/suspicious/noExplicitAny: users as the API answers them
const userNamed = async (username: string): Promise<any> =>
  // biome-ignore lint/suspicious/noExplicitAny: users as the API answers them
  (await session.api('GET', '/users')).find((u: any) => u.username === username);

describe('users page in German', () => {
  it('shows the password rule, translates the refusal, edits and reactivates a user', async () => {
    const context = await session.browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'de-DE',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(error));
    await page.goto(session.services.measureUrl);
    await page.getByLabel('Benutzername').fill('admin');
    await page.getByLabel('Passwort').fill(session.services.adminPassword);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.getByRole('link', { name: 'Benutzer' }).click();

    await page.getByRole('button', { name: 'Neuer Benutzer' }).click();
    expect(await page.getByTestId('hint-password').textContent()).toBe('Mindestens 8 Zeichen');
    await page.locator('input[name=username]').fill('erika');
    await page.locator('input[name=password]').fill('kurz');
    expect(await page.getByTestId('hint-password').textContent()).toBe(
      'Mindestens 8 Zeichen (bisher 4 Zeichen)',
    );
    await page.getByRole('button', { name: 'Anlegen' }).click();
    const refusal = page.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Passwort: braucht mindestens 8 Zeichen');
    expect(await userNamed('erika')).toBeUndefined();

    await page.locator('input[name=password]').fill('lang-genug-123');
    await page.getByRole('button', { name: 'Anlegen' }).click();
    const row = page.locator('tr', { hasText: 'erika' });
    await row.waitFor();

    await row.getByRole('button', { name: 'Bearbeiten' }).click();
    const form = page.getByTestId('edit-user');
    await form.locator('input[name=display_name]').fill('Erika Mustermann');
    await form.locator('input[name=email]').fill('erika@example.de');
    await form.locator('select[name=language_pref]').selectOption('de');
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.waitFor({ state: 'detached' });
    await row.getByText('Erika Mustermann').waitFor();
    expect(await userNamed('erika')).toMatchObject({
      display_name: 'Erika Mustermann',
      email: 'erika@example.de',
      language_pref: 'de',
      active: true,
    });

    page.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Deaktivieren' }).click();
    await row.getByRole('button', { name: 'Reaktivieren' }).click();
    await row.getByRole('button', { name: 'Deaktivieren' }).waitFor();
    expect((await userNamed('erika')).active).toBe(true);
    await context.close();
  });

  it('announces the sign-in rate limit in German', async () => {
    const context = await session.browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto(session.services.measureUrl);
    await page.getByLabel('Benutzername').fill('erika');
    await page.getByLabel('Passwort').fill('falsch-falsch');
    const attempt = async () => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/auth/login')),
        page.getByRole('button', { name: 'Anmelden' }).click(),
      ]);
      return response.status();
    };
    // The spec's login limit: 5 failed attempts per minute and address; the sixth is refused.
    for (let i = 1; i <= 5; i++) expect(await attempt()).toBe(401);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Anmeldung fehlgeschlagen: Benutzername oder Passwort ist falsch');
    expect(await attempt()).toBe(429);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^Anmeldung fehlgeschlagen: Zu viele Anmeldeversuche\. Bitte \d+ s warten/);
    await context.close();
  });
});
