import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, startGateway } from './helpers.js';

/**
 * The production gateway's OpenAPI document passes Redocly's lint (apps/gateway/redocly.yaml: the recommended
 * ruleset) without a single error or warning. The CLI is run rather than @redocly/openapi-core: the CLI is a
 * self-contained bundle, so the library would be a second dependency at its own version, with rules that may
 * differ from what `redocly lint` reports.
 */
const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
const config = fileURLToPath(new URL('../redocly.yaml', import.meta.url));

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
    execFile(redocly, args, { env, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

let gateway: Gateway;
let dir: string;
beforeAll(async () => {
  gateway = await startGateway({ production: true });
  dir = mkdtempSync(join(tmpdir(), 'gateway-openapi-lint-'));
});
afterAll(async () => {
  await gateway.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('/openapi.json of the production gateway', () => {
  it('passes Redocly lint (recommended) with no errors and no warnings', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, await (await fetch(`${gateway.url}/openapi.json`)).text());

    const { code, stdout, stderr } = await lint(file);
    let problems: LintProblem[];
    try {
      problems = (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
    } catch {
      throw new Error(`redocly lint exited ${code} without a JSON report:\n${stdout}\n${stderr}`);
    }
    const report = problems.map(
      (problem) =>
        `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location.map((at) => at.pointer).join(', ')}`,
    );
    expect(report, report.join('\n')).toEqual([]);
    expect(code, stderr).toBe(0);
  });
});
