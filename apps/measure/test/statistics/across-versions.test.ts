import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capability, controlChart, controlChartPoints, histogram, seriesOf } from '../../src/spc/index.js';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';
import { LIMITS_1, type StatsFixture, type StoredPoint, statsFixture } from './stats-fixture.js';

/**
 * A characteristic keeps its history across recipe versions: with `across_versions`, marker 1's points of
 * version 2 and of the edited version 3 form one series (oldest version first, each in time order), every
 * statistic is computed on it exactly as the spc module does, and the chart says where each version's
 * points lie and which limits it had.
 */
describe.each(DIALECTS)('statistics across recipe versions on %s', (dialect) => {
  let h: Harness;
  let f: StatsFixture;
  let key: string;
  const get = (path: string) => h.call('GET', path, { key });
  const ofSubtask = (subtask: number) => f.points.filter((p) => p.subtask_id === subtask);
  const seriesFor = (points: StoredPoint[]) =>
    seriesOf(
      points.map((p) => p.value),
      points.map((p) => Date.parse(p.measured_at)),
    );
  const query = () => `recipe_id=${f.recipeId}&subtask_id=${f.currentS1}&across_versions=true`;

  beforeAll(async () => {
    h = await startMeasure(dialect);
    f = await statsFixture(h);
    key = (await h.user(['Metrologist'])).key;
  });
  afterAll(() => h?.close());

  it('joins the versions’ points, oldest version first, and marks where each version begins with its limits', async () => {
    const older = ofSubtask(f.s1);
    const current = ofSubtask(f.currentS1);
    expect(older.length).toBeGreaterThan(0);
    expect(current.length).toBe(3);
    const joined = [...older, ...current];
    const res = await get(`/api/statistics/control-chart?${query()}`);
    expect(res.status, res.text).toBe(200);
    const { versions, ...chart } = res.body;
    const series = seriesFor(joined);
    expect(chart).toEqual(
      JSON.parse(
        JSON.stringify({
          ...controlChart(series),
          excluded: [],
          comments: [],
          points: [...controlChartPoints(series)],
        }),
      ),
    );
    const withPoints = versions.filter((v: { start: number; end: number }) => v.end > v.start);
    expect(withPoints).toEqual([
      expect.objectContaining({
        subtask_id: f.s1,
        version_id: f.versionId,
        start: 0,
        end: older.length,
        ...LIMITS_1,
      }),
      expect.objectContaining({
        subtask_id: f.currentS1,
        version_id: f.currentVersionId,
        start: older.length,
        end: joined.length,
      }),
    ]);
    expect(versions.map((v: { version_number: number }) => v.version_number)).toEqual(
      [...versions.map((v: { version_number: number }) => v.version_number)].sort((a, b) => a - b),
    );
  });

  it('computes capability, histogram and summary on the joined series, with the selected subtask’s limits', async () => {
    const joined = [...ofSubtask(f.s1), ...ofSubtask(f.currentS1)];
    const cap = await get(`/api/statistics/capability?${query()}`);
    expect(cap.body).toEqual(JSON.parse(JSON.stringify(capability(seriesFor(joined), LIMITS_1))));
    const hist = await get(`/api/statistics/histogram?${query()}`);
    expect(hist.body).toEqual(JSON.parse(JSON.stringify(histogram(seriesFor(joined)))));
    const summary = await get(`/api/statistics/summary?${query()}`);
    expect(summary.body.total).toBe(joined.length);
    expect(summary.body.fail_count).toBe(joined.filter((p) => p.pass_fail === 'fail').length);
    // without the flag, the current version's subtask alone, as before
    const alone = await get(`/api/statistics/capability?recipe_id=${f.recipeId}&subtask_id=${f.currentS1}`);
    expect(alone.body.n).toBe(3);
  });

  it('lists the rows the chart is drawn from: every version’s measurements, each with its version number', async () => {
    const joined = [...ofSubtask(f.s1), ...ofSubtask(f.currentS1)];
    const list = await get(`/api/measurements/?${query()}&per_page=500`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.total).toBe(joined.length);
    const versionNumber = new Map([
      [f.versionId, 2],
      [f.currentVersionId, 3],
    ]);
    const byId = (rows: [number, number | undefined][]) => rows.sort((x, y) => x[0] - y[0]);
    const rows = (list.body.items as { id: number; version_number: number }[]).map((m): [number, number] => [
      m.id,
      m.version_number,
    ]);
    expect(byId(rows)).toEqual(byId(joined.map((p) => [p.id, versionNumber.get(p.version_id)])));
    // without the flag the subtask is one version only, as before
    const one = await get(`/api/measurements/?recipe_id=${f.recipeId}&subtask_id=${f.currentS1}`);
    expect(one.body.total).toBe(ofSubtask(f.currentS1).length);
    const withVersion = await get(`/api/measurements/?${query()}&version_id=${f.versionId}`);
    expect(withVersion.status).toBe(422);
  });

  it('exports in CSV the rows the list and the chart show: every version’s with the flag, one version’s without', async () => {
    const idsOf = (csv: string) =>
      csv
        .trim()
        .split(/\r?\n/)
        .slice(1)
        .map((line) => Number(line.split(',')[0]))
        .sort((x, y) => x - y);
    const joined = [...ofSubtask(f.s1), ...ofSubtask(f.currentS1)].map((p) => p.id).sort((x, y) => x - y);
    const all = await get(`/api/measurements/export/csv?${query()}`);
    expect(all.status, all.text).toBe(200);
    expect(idsOf(all.text)).toEqual(joined);
    const one = await get(`/api/measurements/export/csv?recipe_id=${f.recipeId}&subtask_id=${f.currentS1}`);
    expect(idsOf(one.text)).toEqual(
      ofSubtask(f.currentS1)
        .map((p) => p.id)
        .sort((x, y) => x - y),
    );
    const withVersion = await get(`/api/measurements/export/csv?${query()}&version_id=${f.versionId}`);
    expect(withVersion.status).toBe(422);
  });

  it('refuses across_versions without a characteristic, or with a version filter, with 422 naming it', async () => {
    const noSubtask = await get(`/api/statistics/summary?recipe_id=${f.recipeId}&across_versions=true`);
    expect(noSubtask.status).toBe(422);
    expect(noSubtask.body.detail).toMatch(/^querystring\.across_versions: needs subtask_id/);
    const withVersion = await get(`/api/statistics/capability?${query()}&version_id=${f.versionId}`);
    expect(withVersion.status).toBe(422);
    expect(withVersion.body.detail).toBe('querystring.across_versions: cannot be combined with version_id');
  });
});
