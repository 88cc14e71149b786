import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startMeasure } from './helpers/harness.js';

/**
 * /api/openapi.json passes Redocly's lint (apps/measure/redocly.yaml: the recommended ruleset) with no
 * error and no warning, but one: `no-path-trailing-slash` on the two paths the spec itself writes with a
 * slash (GET/POST /measurements/, GET/PUT /settings/). Runs in `npm test`, so in CI.
 */
const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
const config = fileURLToPath(new URL('../redocly.yaml', import.meta.url));
const SPEC_TRAILING_SLASH = ['/api/measurements/', '/api/settings/'];

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

function lint(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['lint', file, `--config=${config}`, '--lint-config=error', '--format=json'];
  // No usage telemetry and no update check: the test runs offline.
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  return new Promise((resolve) => {
    execFile(redocly, args, { env, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The spec's own trailing slash, and nothing else, is accepted. */
const specSlash = (problem: LintProblem) =>
  problem.ruleId === 'no-path-trailing-slash' &&
  SPEC_TRAILING_SLASH.some((path) =>
    problem.location.every((at) => at.pointer === `#/paths/${path.replaceAll('/', '~1')}`),
  );

describe('/api/openapi.json', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await startMeasure('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'measure-openapi-lint-'));
  });
  afterAll(async () => {
    await h?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes Redocly lint (recommended) with no errors and no warnings but the spec’s trailing slashes', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, (await h.call('GET', '/api/openapi.json')).text);
    const { code, stdout, stderr } = await lint(file);
    let problems: LintProblem[];
    try {
      problems = (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
    } catch {
      throw new Error(`redocly lint exited ${code} without a JSON report:\n${stdout}\n${stderr}`);
    }
    const report = problems
      .filter((problem) => !specSlash(problem))
      .map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location.map((at) => at.pointer).join(', ')}`,
      );
    expect(report, report.join('\n')).toEqual([]);
    expect(problems.filter(specSlash)).toHaveLength(SPEC_TRAILING_SLASH.length);
  });
});
