import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, type Harness, startMeasure } from './helpers/harness.js';
import { type StatsFixture, type StoredPoint, statsFixture } from './statistics/stats-fixture.js';

/**
 * A metrologist annotates measurements: the comment is stored with who wrote it and when, read back per
 * point and per recipe, and carried by the control chart at its point's position — also for an excluded
 * point, and in any language.
 */
describe.each(DIALECTS)('comments on measurements on %s', (dialect) => {
  let h: Harness;
  let f: StatsFixture;
  let metrologist: { id: number; key: string; username: string };
  const ofS1 = () => f.points.filter((p) => p.subtask_id === f.s1);
  const comment = (id: number, text: string, key = metrologist.key) =>
    h.call('POST', `/api/measurements/${id}/comments`, { key, body: { text } });

  beforeAll(async () => {
    h = await startMeasure(dialect);
    f = await statsFixture(h);
    metrologist = await h.user(['Metrologist']);
  });
  afterAll(() => h?.close());

  it('stores who wrote what and when, and reads it back for the point and the recipe', async () => {
    const point = ofS1()[5] as StoredPoint;
    const res = await comment(point.id, '  Werkzeug gewechselt – Maß geprüft  ');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      measurement_id: point.id,
      text: 'Werkzeug gewechselt – Maß geprüft',
      created_by: metrologist.id,
      author: metrologist.username,
    });
    expect(Date.parse(res.body.created_at)).not.toBeNaN();
    const history = await h.call('GET', `/api/measurements/${point.id}/comments`, { key: metrologist.key });
    expect(history.body).toEqual([res.body]);
    const list = await h.call('GET', `/api/comments?recipe_id=${f.recipeId}&measurement_ids=${point.id},1`, {
      key: metrologist.key,
    });
    expect(list.body).toMatchObject({ total: 1, items: [res.body] });
  });

  it('places each comment on the control chart at its point, counted or excluded', async () => {
    const points = ofS1();
    const counted = points[20] as StoredPoint;
    const excluded = points[13] as StoredPoint;
    expect((await comment(counted.id, 'second shift')).status).toBe(201);
    const ex = await h.call('POST', `/api/measurements/${excluded.id}/exclusion`, {
      key: metrologist.key,
      body: { reason: 'Data entry error' },
    });
    expect(ex.status, ex.text).toBe(201);
    expect((await comment(excluded.id, 'typed 11.4 for 10.14')).status).toBe(201);
    const chart = await h.call(
      'GET',
      `/api/statistics/control-chart?recipe_id=${f.recipeId}&subtask_id=${f.s1}`,
      { key: metrologist.key },
    );
    expect(chart.status, chart.text).toBe(200);
    const byText = new Map(chart.body.comments.map((c: { text: string }) => [c.text, c]));
    // counted: its index among the points (point 13 is excluded, so point 20 is the 20th counted one)
    expect(byText.get('second shift')).toMatchObject({ measurement_id: counted.id, position: 19 });
    expect(chart.body.points[19].y).toBe(counted.value);
    // excluded: the same position as in `excluded`
    const place = chart.body.excluded.find(
      (e: { measurement_id: number }) => e.measurement_id === excluded.id,
    );
    expect(byText.get('typed 11.4 for 10.14')).toMatchObject({ position: place.position });
    expect(byText.get('Werkzeug gewechselt – Maß geprüft')).toMatchObject({ position: 5 });
  });

  it('refuses blank or over-long text (422), an unknown point (404) and other roles (403)', async () => {
    const point = ofS1()[0] as StoredPoint;
    const blank = await comment(point.id, '   ');
    expect(blank.status).toBe(422);
    expect(blank.body.detail).toContain('text');
    expect((await comment(point.id, 'x'.repeat(501))).status).toBe(422);
    expect((await comment(point.id, 'x'.repeat(500))).status).toBe(201);
    expect((await comment(99_999_999, 'gone')).status).toBe(404);
    const operator = f.operators[0] as { key: string };
    expect((await comment(point.id, 'not mine', operator.key)).status).toBe(403);
    const bad = await h.call('GET', `/api/comments?recipe_id=${f.recipeId}&measurement_ids=1,,2`, {
      key: metrologist.key,
    });
    expect(bad.status).toBe(422);
  });
});
