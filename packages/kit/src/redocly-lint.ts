import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

/**
 * Redocly's lint of an OpenAPI document (its text) with a service's `redocly.yaml`: the problems it reports.
 * The CLI is run rather than @redocly/openapi-core: the CLI is a self-contained bundle, so the library would be
 * a second dependency at its own version, with rules that may differ from what `redocly lint` reports. No
 * telemetry and no update check: tests run offline.
 */
export async function redoclyLint(document: string, config: string): Promise<LintProblem[]> {
  const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, document);
  const args = ['lint', file, `--config=${config}`, '--lint-config=error', '--format=json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
    (resolve) => {
      execFile(redocly, args, { env, timeout: 60_000 }, (error, out, err) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout: out,
          stderr: err,
        });
      });
    },
  ).finally(() => rmSync(dir, { recursive: true, force: true }));
  try {
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } catch {
    throw new Error(`redocly lint exited ${code} without a JSON report:\n${stdout}\n${stderr}`);
  }
}

/** One line per problem, for a failing assertion's message. */
export const lintReport = (problems: LintProblem[]): string[] =>
  problems.map(
    (problem) =>
      `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location.map((at) => at.pointer).join(', ')}`,
  );
