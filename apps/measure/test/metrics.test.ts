import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { metricsQueried, type Scrape, scrape } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask } from './helpers/fixtures.js';
import { ADMIN_PASSWORD, DIALECTS, type Harness, startMeasure, UNLIMITED } from './helpers/harness.js';

/**
 * GET /api/metrics scraped over HTTP and read with a Prometheus text-format parser: the series move as the
 * shop floor works, their labels take nothing a caller sent, and METRICS_TOKEN guards the scrape.
 */

const METRICS_TOKEN = 'measure-metrics-token-42';

describe.each(DIALECTS)('metrics on %s', (dialect) => {
  let h: Harness;
  let tec: { key: string };
  let metro: { key: string };
  beforeAll(async () => {
    h = await startMeasure(dialect, { METRICS_TOKEN });
    tec = await h.user(['MeasurementTec']);
    metro = await h.user(['Metrologist']);
  });
  afterAll(() => h?.close());

  const metrics = (): Promise<Scrape> => scrape(`${h.url}/api/metrics`, METRICS_TOKEN);

  it('counts measurements by result and input method, and requests by route', async () => {
    const recipe = await recipeWithTask(h);
    const version = recipe.current_version;
    const [s1] = version.tasks[0].subtasks;
    const item = (value: number, input_method: string) => ({
      subtask_id: s1.id,
      version_id: version.id,
      value,
      input_method,
    });
    const before = await metrics();
    const batch = await h.call('POST', '/api/measurements/batch', {
      key: tec.key,
      body: { measurements: [item(10, 'manual'), item(10.7, 'usb_caliper'), item(12, 'robot_arm_7')] },
    });
    expect(batch.status).toBe(200);
    expect(
      (await h.call('POST', '/api/measurements', { key: tec.key, body: item(9.9, 'manual') })).status,
    ).toBe(200);
    const after = await metrics();
    const moved = (result: string, input_method: string) =>
      after.value('measure_measurements_ingested_total', { result, input_method }) -
      before.value('measure_measurements_ingested_total', { result, input_method });
    expect(moved('pass', 'manual')).toBe(2);
    expect(moved('warning', 'usb_caliper')).toBe(1);
    expect(moved('fail', 'other')).toBe(1);
    const route = { route: '/api/measurements/batch', status_class: '2xx' };
    expect(
      after.value('measure_http_requests_total', route) - before.value('measure_http_requests_total', route),
    ).toBe(1);
    expect(after.value('measure_http_request_duration_seconds_count', route)).toBeGreaterThanOrEqual(1);
  });

  it('counts exports and reports sent whole, with their duration', async () => {
    const recipe = await recipeWithTask(h);
    const before = await metrics();
    const csv = await h.call('GET', `/api/measurements/export/csv?recipe_id=${recipe.id}`, {
      key: metro.key,
    });
    expect(csv.status).toBe(200);
    const pdf = await h.call('GET', `/api/reports/measurements?recipe_id=${recipe.id}`, { key: metro.key });
    expect(pdf.status).toBe(200);
    const after = await metrics();
    const moved = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('measure_exports_total', { format: 'csv' })).toBe(1);
    expect(moved('measure_export_duration_seconds_count', { format: 'csv' })).toBe(1);
    expect(moved('measure_reports_total', { report: 'measurements' })).toBe(1);
    expect(moved('measure_report_duration_seconds_count', { report: 'measurements' })).toBe(1);
  });

  it('counts login failures, not successes', async () => {
    const before = await metrics();
    const login = (password: string) =>
      h.call('POST', '/api/auth/login', { body: { username: 'admin', password } });
    expect((await login('wrong-password')).status).toBe(401);
    expect((await login(ADMIN_PASSWORD)).status).toBe(200);
    const after = await metrics();
    expect(after.value('measure_login_failures_total') - before.value('measure_login_failures_total')).toBe(
      1,
    );
  });

  it('does not grow the number of series under random paths, users and input methods', async () => {
    const flood = async () => {
      const calls: Promise<unknown>[] = [];
      for (let i = 0; i < 30; i++) {
        const id = randomUUID();
        calls.push(
          h.call('GET', `/api/${id}/x?${id}=1`, { key: tec.key }),
          h.call('GET', `/${id}`),
          h.call('POST', '/api/auth/login', { body: { username: `user-${id}`, password: 'nope' } }),
          h.call('GET', `/api/recipes/${i + 900_000}`, { key: metro.key }),
        );
      }
      await Promise.all(calls);
    };
    await flood();
    const before = (await metrics()).labelSets('measure_');
    await flood();
    const after = (await metrics()).labelSets('measure_');
    expect(after).toEqual(before);
    expect(after.join('\n')).not.toContain('user-');
  });

  it('exposes every series docs/dashboards/measure.json and the alert rules query', async () => {
    const doc = (path: string) => readFileSync(new URL(`../../../docs/${path}`, import.meta.url), 'utf8');
    const rules = doc('operations.md').split('- name: measure')[1]!;
    const queried = [
      ...metricsQueried(doc('dashboards/measure.json'), 'measure_'),
      ...metricsQueried(rules, 'measure_'),
    ];
    expect(queried.length).toBeGreaterThan(5);
    // A histogram shows in a scrape once observed: the export and report test above ran first.
    const scraped = await metrics();
    const exposed = (name: string) => scraped.exposes(name.replace(/_(bucket|sum|count)$/, ''));
    expect(queried.filter((name) => !exposed(name))).toEqual([]);
  });

  it('requires METRICS_TOKEN as a bearer when it is set', async () => {
    expect((await fetch(`${h.url}/api/metrics`)).status).toBe(401);
    const wrong = await fetch(`${h.url}/api/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    expect((await metrics()).value('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('rate limits and switches', () => {
  it('counts refusals by limit; public without a token; absent with METRICS_ENABLED=false', async () => {
    const strict = await startMeasure(
      'sqlite',
      {},
      { rateLimits: { ...UNLIMITED, login: { limit: 1, windowMs: 60_000 } } },
    );
    const off = await startMeasure('sqlite', { METRICS_ENABLED: 'false' });
    try {
      const login = () =>
        strict.call('POST', '/api/auth/login', { body: { username: 'admin', password: 'wrong' } });
      expect((await login()).status).toBe(401);
      expect((await login()).status).toBe(429);
      const scraped = await scrape(`${strict.url}/api/metrics`);
      expect(scraped.value('measure_rate_limited_total', { limit: 'login' })).toBe(1);
      expect(scraped.value('measure_login_failures_total')).toBe(1);
      expect((await fetch(`${off.url}/api/metrics`)).status).toBe(404);
    } finally {
      await Promise.all([strict.close(), off.close()]);
    }
  });
});
