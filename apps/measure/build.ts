/**
 * Compiles the measurement service for `npm run start:measure` and `npm start`: apps/measure/dist/main.js,
 * plus a chunk for each module main.ts only loads on demand (PDF reports, thumbnails). Why compiled and
 * not tsx: docs/decisions.md, "The services run compiled". `tsx apps/measure/build.ts` builds.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleService } from '../../scripts/bundle-service.js';

/** Writes apps/measure/dist/ and returns the path of main.js; `clean` as in bundleService. */
export function buildMeasure({ clean = false } = {}): Promise<string> {
  return bundleService({
    entryPoints: { main: fileURLToPath(new URL('src/main.ts', import.meta.url)) },
    outdir: fileURLToPath(new URL('dist', import.meta.url)),
    clean,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildMeasure({ clean: true });
