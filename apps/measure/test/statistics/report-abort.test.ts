import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipeWithTask } from '../helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';

/**
 * Clients that abandon a long measurements report must not keep its snapshot (a pooled PostgreSQL
 * connection, an SQLite read connection) forever: more abandoned downloads than the pool holds, then
 * the service must still answer.
 */
describe.each(DIALECTS)('abandoned report downloads on %s', (dialect) => {
  let h: Harness;
  let recipeId: number;
  let key: string;

  beforeAll(async () => {
    h = await startMeasure(dialect);
    const recipe = await recipeWithTask(h);
    recipeId = recipe.id;
    const version = recipe.current_version;
    const subtask = version.tasks[0].subtasks[0];
    const base = Date.parse('2026-02-01T00:00:00Z');
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      subtask_id: subtask.id,
      version_id: version.id,
      recipe_id: recipe.id,
      measured_by: 1,
      value: 10 + (i % 17) / 100,
      pass_fail: 'pass',
      deviation: (i % 17) / 100,
      lot_number: `L${i % 9}`,
      serial_number: `S${i}`,
      input_method: 'manual',
      measured_at: new Date(base + i * 60_000).toISOString(),
      synced_to_csv: 0,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await h.db
        .insertInto('measurements')
        .values(rows.slice(i, i + 500))
        .execute();
    key = (await h.user(['Metrologist'])).key;
  });
  afterAll(() => h?.close());

  // Each download renders its first 64 KiB (some twenty pages) before the first byte: allow the time.
  it('twelve downloads dropped after the first bytes, then reports and statistics still work', {
    timeout: 180_000,
  }, async () => {
    for (let i = 0; i < 12; i++) {
      const controller = new AbortController();
      const response = await fetch(`${h.url}/api/reports/measurements?recipe_id=${recipeId}`, {
        headers: { 'x-api-key': key },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const first = await reader.read();
      expect(
        Buffer.from(first.value ?? [])
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      controller.abort();
    }
    const summary = await h.call('GET', `/api/statistics/summary?recipe_id=${recipeId}`, { key });
    expect(summary.status).toBe(200);
    expect(summary.body.total).toBe(3000);
    const full = await fetch(`${h.url}/api/reports/measurements?recipe_id=${recipeId}`, {
      headers: { 'x-api-key': key },
    });
    const pdf = Buffer.from(await full.arrayBuffer());
    expect(full.status).toBe(200);
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });
});
