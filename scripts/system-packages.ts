/**
 * `npm test`'s first step (the `pretest` script): the Debian packages the suite drives from outside Node.
 * chromium runs the browser scenario (apps/web/e2e), poppler-utils' pdftoppm and pdftotext check the
 * rendered reports. Missing ones are installed when this runs as root with apt (as on the project's
 * machines and in CI); otherwise it stops at once, naming the one command to run, instead of letting the
 * suite fail minutes later in the middle of a report test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian package → the executable the tests run from it. */
export const SYSTEM_PACKAGES: Record<string, string> = {
  chromium: '/usr/bin/chromium',
  'poppler-utils': 'pdftoppm',
};

export type Plan =
  | { action: 'ok' }
  | { action: 'install'; packages: string[] }
  | { action: 'stop'; packages: string[]; command: string };

/** What to do, given which executables exist and whether apt may be run here. */
export function plan(has: (executable: string) => boolean, canInstall: boolean): Plan {
  const missing = Object.entries(SYSTEM_PACKAGES)
    .filter(([, executable]) => !has(executable))
    .map(([name]) => name);
  if (missing.length === 0) return { action: 'ok' };
  if (canInstall) return { action: 'install', packages: missing };
  const command = `sudo apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  return { action: 'stop', packages: missing, command };
}

/** An absolute path, or a name looked up in PATH, that can be executed. */
export function executableExists(executable: string, searchPath = process.env.PATH ?? ''): boolean {
  const candidates = executable.includes('/')
    ? [executable]
    : searchPath
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, executable));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

function main(): void {
  const root = process.getuid?.() === 0;
  const decided = plan(executableExists, root && executableExists('apt-get'));
  if (decided.action === 'ok') return;
  if (decided.action === 'stop') {
    console.error(`npm test needs the Debian package(s) ${decided.packages.join(', ')}. Install them with:`);
    console.error(`  ${decided.command}`);
    process.exit(1);
  }
  console.error(`npm test: installing ${decided.packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', ...decided.packages],
    { stdio: 'inherit', env },
  );
  if (install.status !== 0) process.exit(install.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
