/**
 * Compiles the measurement service for `npm run start:measure` and `npm start`: apps/measure/dist/main.js,
 * plus a chunk for each module main.ts only loads on demand (PDF reports, thumbnails). Why compiled and
 * not tsx: docs/decisions.md, "The services run compiled". `tsx apps/measure/build.ts` builds.
 */
import { pathToFileURL } from 'node:url';
import { bundleServiceMain } from '../../scripts/bundle-service.js';

/** Writes apps/measure/dist/ and returns the path of main.js; `clean` as in bundleService. */
export const buildMeasure = (options: { clean?: boolean } = {}) =>
  bundleServiceMain(new URL('./', import.meta.url), options);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildMeasure({ clean: true });
