import { fileURLToPath } from 'node:url';
import { type LintProblem, lintReport, redoclyLint } from '@app/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startMeasure } from './helpers/harness.js';

/**
 * /api/openapi.json passes Redocly's lint (apps/measure/redocly.yaml: the recommended ruleset) with no
 * error and no warning, but one: `no-path-trailing-slash` on the two paths the spec itself writes with a
 * slash (GET/POST /measurements/, GET/PUT /settings/). Runs in `npm test`, so in CI.
 */
const config = fileURLToPath(new URL('../redocly.yaml', import.meta.url));
const SPEC_TRAILING_SLASH = ['/api/measurements/', '/api/settings/'];

/** The spec's own trailing slash, and nothing else, is accepted. */
const specSlash = (problem: LintProblem) =>
  problem.ruleId === 'no-path-trailing-slash' &&
  SPEC_TRAILING_SLASH.some((path) =>
    problem.location.every((at) => at.pointer === `#/paths/${path.replaceAll('/', '~1')}`),
  );

describe('/api/openapi.json', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startMeasure('sqlite');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('passes Redocly lint (recommended) with no errors and no warnings but the spec’s trailing slashes', async () => {
    const problems = await redoclyLint((await h.call('GET', '/api/openapi.json')).text, config);
    const report = lintReport(problems.filter((problem) => !specSlash(problem)));
    expect(report, report.join('\n')).toEqual([]);
    expect(problems.filter(specSlash)).toHaveLength(SPEC_TRAILING_SLASH.length);
  });
});
