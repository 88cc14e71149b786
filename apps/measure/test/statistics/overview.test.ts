import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capability, capabilityLight, controlChart, parseRuleSet, seriesOf } from '../../src/spc/index.js';
import { limits } from '../helpers/fixtures.js';
import { DIALECTS, type Harness, startMeasure } from '../helpers/harness.js';
import { LIMITS_1, type StatsFixture, type StoredPoint, statsFixture } from './stats-fixture.js';

/**
 * The capability overview lists every characteristic of a recipe version with the numbers its own
 * capability and control chart give: n, mean, Cpk, Ppk, flagged points and the traffic light, with excluded
 * points left out and the version chosen as in every other statistic.
 */
describe.each(DIALECTS)('capability overview on %s', (dialect) => {
  let h: Harness;
  let f: StatsFixture;
  let key: string;
  const get = (query: string) =>
    h.call('GET', `/api/statistics/overview?recipe_id=${f.recipeId}${query}`, { key });
  const valuesOf = (points: StoredPoint[]) => points.map((p) => p.value);
  const ofSubtask = (subtask: number) => f.points.filter((p) => p.subtask_id === subtask);

  beforeAll(async () => {
    h = await startMeasure(dialect);
    f = await statsFixture(h);
    key = (await h.user(['Metrologist'])).key;
  });
  afterAll(() => h?.close());

  /** What the overview must say for one characteristic, from the spc module on the same values. */
  const expectedRow = (values: number[], nominal: number, rules = 'nelson') => {
    const series = seriesOf(values);
    const cap = capability(series, limits(nominal));
    const chart = controlChart(series, { ruleSet: parseRuleSet(rules) ?? undefined });
    const violations = chart.out_of_control_indices.length;
    return {
      n: values.length,
      mean: cap.mean,
      cpk: cap.cpk,
      ppk: cap.ppk,
      violations,
      light: capabilityLight(cap.cpk, cap.ppk, violations),
    };
  };

  it('lists an older version’s characteristics with the numbers of their own statistics', async () => {
    const res = await get(`&version_id=${f.versionId}&rules=nelson`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      version_id: f.versionId,
      rule_set: 'nelson',
      rules: [1, 2, 3, 4, 5, 6, 7, 8],
    });
    const [first, second] = res.body.characteristics;
    expect(res.body.characteristics).toHaveLength(2);
    expect(first).toMatchObject({
      subtask_id: f.s1,
      marker_number: 1,
      ...expectedRow(valuesOf(ofSubtask(f.s1)), 10),
    });
    expect(second).toMatchObject({
      subtask_id: f.s2,
      marker_number: 2,
      ...expectedRow(valuesOf(ofSubtask(f.s2)), 20),
    });
    // the fixture's two failures make marker 1 not capable
    expect(first.light).toBe('red');
    // the same figures as the characteristic's own capability endpoint
    const cap = await h.call('GET', `/api/statistics/capability?recipe_id=${f.recipeId}&subtask_id=${f.s1}`, {
      key,
    });
    expect([first.n, first.mean, first.cpk, first.ppk]).toEqual([
      cap.body.n,
      cap.body.mean,
      cap.body.cpk,
      cap.body.ppk,
    ]);
  });

  it('defaults to the current version and follows each characteristic through every version on request', async () => {
    const current = await get('');
    expect(current.body.version_id).toBe(f.currentVersionId);
    const [first] = current.body.characteristics;
    expect(first).toMatchObject({ subtask_id: f.currentS1, n: 3 });
    const across = await get('&across_versions=true');
    const joined = [...ofSubtask(f.s1), ...ofSubtask(f.currentS1)];
    expect(across.body.characteristics[0]).toMatchObject({
      subtask_id: f.currentS1,
      ...expectedRow(valuesOf(joined), LIMITS_1.nominal, '1'),
    });
  });

  it('leaves an excluded point out, as every statistic does', async () => {
    const failure = ofSubtask(f.s1).find((p) => p.value === 11.4) as StoredPoint;
    const excluded = await h.call('POST', `/api/measurements/${failure.id}/exclusion`, {
      key,
      body: { reason: 'Data entry error', note: 'overview test' },
    });
    expect(excluded.status, excluded.text).toBe(201);
    try {
      const res = await get(`&version_id=${f.versionId}&rules=nelson`);
      const rest = ofSubtask(f.s1).filter((p) => p.id !== failure.id);
      expect(res.body.characteristics[0]).toMatchObject(expectedRow(valuesOf(rest), 10));
    } finally {
      await h.call('DELETE', `/api/measurements/${failure.id}/exclusion`, { key });
    }
  });

  it('answers 404 for an unknown recipe or a version of another recipe, 422 for a malformed rule set', async () => {
    expect((await h.call('GET', '/api/statistics/overview?recipe_id=999999', { key })).status).toBe(404);
    const other = await statsFixture(h);
    expect((await get(`&version_id=${other.versionId}`)).status).toBe(404);
    const bad = await get('&rules=9');
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toContain('rules');
    expect((await get(`&version_id=${f.versionId}&across_versions=true`)).status).toBe(422);
  });
});
