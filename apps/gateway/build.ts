/**
 * Compiles the gateway for `npm run start:gateway` and `npm start`: apps/gateway/dist/main.js. Why
 * compiled and not tsx: docs/decisions.md, "The services run compiled". `tsx apps/gateway/build.ts` builds.
 */
import { pathToFileURL } from 'node:url';
import { bundleServiceMain } from '../../scripts/bundle-service.js';

/** Writes apps/gateway/dist/ and returns the path of main.js; `clean` as in bundleService. */
export const buildGateway = (options: { clean?: boolean } = {}) =>
  bundleServiceMain(new URL('./', import.meta.url), options);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildGateway({ clean: true });
