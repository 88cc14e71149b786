/**
 * Compiles the gateway for `npm run start:gateway` and `npm start`: apps/gateway/dist/main.js. Why
 * compiled and not tsx: docs/decisions.md, "The services run compiled". `tsx apps/gateway/build.ts` builds.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleService } from '../../scripts/bundle-service.js';

/** Writes apps/gateway/dist/ and returns the path of main.js; `clean` as in bundleService. */
export function buildGateway({ clean = false } = {}): Promise<string> {
  return bundleService({
    entryPoints: { main: fileURLToPath(new URL('src/main.ts', import.meta.url)) },
    outdir: fileURLToPath(new URL('dist', import.meta.url)),
    clean,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildGateway({ clean: true });
