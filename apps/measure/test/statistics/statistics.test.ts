import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  capability,
  controlChart,
  controlChartPoints,
  histogram,
  parseRules,
  seriesOf,
  summarize,
} from '../../src/spc/index.js';
import { limits } from '../helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';
import { LIMITS_1, type StatsFixture, type StoredPoint, statsFixture } from './stats-fixture.js';

type Filter = {
  name: string;
  query: (f: StatsFixture) => string;
  keep: (p: StoredPoint, f: StatsFixture) => boolean;
};

/** Each common filter with the selection it must make, checked against the stored points. */
const FILTERS: Filter[] = [
  { name: 'none', query: () => '', keep: () => true },
  {
    name: 'version_id',
    query: (f) => `&version_id=${f.versionId}`,
    keep: (p, f) => p.version_id === f.versionId,
  },
  {
    name: 'date_from (date-time)',
    query: () => '&date_from=2026-03-01T20:00:00Z',
    keep: (p) => p.measured_at >= '2026-03-01T20:00:00.000Z',
  },
  {
    name: 'date_to (whole day)',
    query: () => '&date_to=2026-03-01',
    keep: (p) => p.measured_at < '2026-03-02',
  },
  {
    name: 'date_from and date_to',
    query: () => '&date_from=2026-03-01T12:00:00Z&date_to=2026-03-02T06:30:00Z',
    keep: (p) => p.measured_at >= '2026-03-01T12:00:00.000Z' && p.measured_at <= '2026-03-02T06:30:00.000Z',
  },
  {
    name: 'operator_id',
    query: (f) => `&operator_id=${f.operators[1]?.id}`,
    keep: (p, f) => p.measured_by === f.operators[1]?.id,
  },
  { name: 'lot_number', query: () => '&lot_number=LOT-B', keep: (p) => p.lot_number === 'LOT-B' },
  { name: 'serial_number', query: () => '&serial_number=SN-13', keep: (p) => p.serial_number === 'SN-13' },
];

describe.each(DIALECTS)('statistics on %s', (dialect) => {
  let h: Harness;
  let f: StatsFixture;
  let key: string;
  const get = (path: string) => h.call('GET', path, { key });
  const selection = (filter: Filter, subtask: number) =>
    f.points.filter((p) => p.subtask_id === subtask && filter.keep(p, f));
  const seriesFor = (points: StoredPoint[]) =>
    seriesOf(
      points.map((p) => p.value),
      points.map((p) => Date.parse(p.measured_at)),
    );

  beforeAll(async () => {
    h = await startMeasure(dialect);
    f = await statsFixture(h);
    key = (await h.user(['Metrologist'])).key;
  });
  afterAll(() => h?.close());

  describe.each(FILTERS)('filter $name', (filter) => {
    it('summary counts the stored verdicts of the selection, for the recipe and for one subtask', async () => {
      for (const subtask of [undefined, f.s1]) {
        const points = f.points.filter(
          (p) => (subtask === undefined || p.subtask_id === subtask) && filter.keep(p, f),
        );
        const counts = { pass: 0, warning: 0, fail: 0 };
        for (const p of points) counts[p.pass_fail] += 1;
        const scope = subtask === undefined ? '' : `&subtask_id=${subtask}`;
        const res = await get(`/api/statistics/summary?recipe_id=${f.recipeId}${scope}${filter.query(f)}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual(summarize(counts));
      }
    });

    it('capability equals the spc module on the same values', async () => {
      const points = selection(filter, f.s1);
      const res = await get(
        `/api/statistics/capability?recipe_id=${f.recipeId}&subtask_id=${f.s1}${filter.query(f)}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(capability(seriesFor(points), LIMITS_1))));
    });

    it('control chart equals the spc module, points in time order', async () => {
      const points = selection(filter, f.s1);
      const res = await get(
        `/api/statistics/control-chart?recipe_id=${f.recipeId}&subtask_id=${f.s1}${filter.query(f)}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/json');
      const series = seriesFor(points);
      const { versions, ...chart } = res.body;
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
      // the selection is one subtask of one version: one segment over every point, with its limits
      expect(versions).toEqual([
        expect.objectContaining({
          subtask_id: f.s1,
          version_id: f.versionId,
          start: 0,
          end: points.length,
          ...LIMITS_1,
        }),
      ]);
      expect(res.body.points.map((p: { timestamp: string }) => p.timestamp)).toEqual(
        points.map((p) => p.measured_at),
      );
    });

    it('histogram equals the spc module', async () => {
      const points = selection(filter, f.s1);
      const res = await get(
        `/api/statistics/histogram?recipe_id=${f.recipeId}&subtask_id=${f.s1}${filter.query(f)}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(JSON.parse(JSON.stringify(histogram(seriesFor(points)))));
    });
  });

  it('the selections are not trivial: each filter keeps some but not all points', () => {
    for (const filter of FILTERS.slice(1)) {
      const kept = f.points.filter((p) => filter.keep(p, f)).length;
      expect(kept, filter.name).toBeGreaterThan(0);
      expect(kept, filter.name).toBeLessThan(f.points.length);
    }
  });

  it('capability of the full selection flags the failures and matches hand-checked figures', async () => {
    const res = await get(`/api/statistics/capability?recipe_id=${f.recipeId}&subtask_id=${f.s1}`);
    expect(res.body.n).toBe(40);
    expect(res.body.ppm_observed.total).toBeCloseTo(50_000, 6); // 2 of 40 outside the tolerance
    expect(res.body.cpk).toBeLessThan(res.body.cp);
  });

  it('histogram takes n_bins from 5 to 100 (default 20)', async () => {
    const base = `/api/statistics/histogram?recipe_id=${f.recipeId}&subtask_id=${f.s1}`;
    expect((await get(base)).body.frequencies).toHaveLength(20);
    const seven = await get(`${base}&n_bins=7`);
    expect(seven.body.bins).toHaveLength(8);
    expect(seven.body.frequencies.reduce((a: number, b: number) => a + b, 0)).toBe(40);
    for (const bad of ['4', '101', '7.5', 'x']) {
      const res = await get(`${base}&n_bins=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail).toContain('n_bins');
    }
  });

  it('control chart applies the Nelson rules asked for, and refuses bad rule lists with 422', async () => {
    const base = `/api/statistics/control-chart?recipe_id=${f.recipeId}&subtask_id=${f.s1}`;
    const series = seriesFor(selection(FILTERS[0] as Filter, f.s1));
    for (const rules of ['all', '1,2,5,6', '3']) {
      const res = await get(`${base}&rules=${encodeURIComponent(rules)}`);
      expect(res.status).toBe(200);
      const expected = controlChart(series, { rules: parseRules(rules) ?? [] });
      expect(res.body.rules).toEqual(expected.rules);
      expect(res.body.rule_violations).toEqual(expected.rule_violations);
      expect(res.body.out_of_control_indices).toEqual(expected.out_of_control_indices);
    }
    expect((await get(base)).body.out_of_control_indices).toEqual([13, 31]);
    for (const bad of ['9', '0', '1;2', 'some', '1,,2']) {
      const res = await get(`${base}&rules=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.detail).toContain('rules');
    }
  });

  it('an empty selection gives n = 0 with nulls, not an error', async () => {
    const q = `recipe_id=${f.recipeId}&subtask_id=${f.s1}&lot_number=NONE`;
    expect((await get(`/api/statistics/capability?${q}`)).body).toMatchObject({
      n: 0,
      mean: null,
      cpk: null,
    });
    expect((await get(`/api/statistics/control-chart?${q}`)).body).toMatchObject({ points: [], ucl: null });
    expect((await get(`/api/statistics/histogram?${q}`)).body).toMatchObject({ bins: [], frequencies: [] });
    expect((await get(`/api/statistics/summary?${q}`)).body).toMatchObject({ total: 0, pass_percentage: 0 });
  });

  it('required parameters missing → 422 naming them', async () => {
    const cases: [string, string][] = [
      ['/api/statistics/summary', 'recipe_id'],
      [`/api/statistics/capability?recipe_id=${f.recipeId}`, 'subtask_id'],
      [`/api/statistics/control-chart?recipe_id=${f.recipeId}`, 'subtask_id'],
      [`/api/statistics/histogram?subtask_id=${f.s1}`, 'recipe_id'],
      ['/api/statistics/subtasks', 'recipe_id'],
      [`/api/statistics/capability?recipe_id=abc&subtask_id=${f.s1}`, 'recipe_id'],
      [
        `/api/statistics/capability?recipe_id=${f.recipeId}&subtask_id=${f.s1}&date_from=yesterday`,
        'date_from',
      ],
      [`/api/statistics/summary?recipe_id=${f.recipeId}&operator_id=0`, 'operator_id'],
    ];
    for (const [path, field] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(422);
      expect(res.body.detail, path).toContain(field);
    }
  });

  it('unknown recipe or subtask, or a subtask of another recipe → 404', async () => {
    const other = await statsFixture(h);
    const paths = [
      '/api/statistics/summary?recipe_id=999999',
      `/api/statistics/summary?recipe_id=${f.recipeId}&subtask_id=999999`,
      `/api/statistics/capability?recipe_id=999999&subtask_id=${f.s1}`,
      `/api/statistics/capability?recipe_id=${f.recipeId}&subtask_id=${other.s1}`,
      `/api/statistics/control-chart?recipe_id=${other.recipeId}&subtask_id=${f.s2}`,
      `/api/statistics/histogram?recipe_id=${f.recipeId}&subtask_id=999999`,
      '/api/statistics/subtasks?recipe_id=999999',
      `/api/statistics/subtasks?recipe_id=${f.recipeId}&version_id=${other.versionId}`,
    ];
    for (const path of paths) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.detail).toMatch(/not found/);
    }
  });

  it('subtasks lists the current version by default, or the version asked for', async () => {
    const current = await get(`/api/statistics/subtasks?recipe_id=${f.recipeId}`);
    expect(current.status).toBe(200);
    expect(current.body.map((s: { id: number }) => s.id)[0]).toBe(f.currentS1);
    expect(current.body[0]).toMatchObject({
      marker_number: 1,
      task_title: 'Outer diameter',
      nominal: 10,
      utl: limits(10).utl,
      ltl: limits(10).ltl,
    });
    const measured = await get(`/api/statistics/subtasks?recipe_id=${f.recipeId}&version_id=${f.versionId}`);
    expect(measured.body.map((s: { id: number; marker_number: number }) => [s.id, s.marker_number])).toEqual([
      [f.s1, 1],
      [f.s2, 2],
    ]);
  });
});
