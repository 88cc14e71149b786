/**
 * Compiles the measurement service for `npm run start:measure` and `npm start`: apps/measure/dist/main.js,
 * plus a chunk for each module main.ts only loads on demand (PDF reports, thumbnails). Why compiled and
 * not tsx: docs/decisions.md, "The measurement service runs compiled". `tsx apps/measure/build.ts` builds.
 */
import { rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const outdir = fileURLToPath(new URL('dist', import.meta.url));
export const MEASURE_MAIN_JS = fileURLToPath(new URL('dist/main.js', import.meta.url));

/**
 * The app and the workspace's TypeScript packages (@app/*) are bundled; every other package stays an
 * import of the very file it resolves to from the importing source file. A bare name would be resolved
 * again from dist/, and kit's fastify-plugin (6, in the root node_modules) is not measure's (5, nested).
 */
const packagesAsResolved: Plugin = {
  name: 'packages-as-resolved',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.path.startsWith('node:') || args.path.startsWith('@app/') || args.pluginData === 'inner') {
        return undefined;
      }
      const resolved = await esbuild.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'inner',
      });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      const path = relative(outdir, resolved.path).replaceAll('\\', '/');
      return { path: path.startsWith('.') ? path : `./${path}`, external: true };
    });
  },
};

/**
 * Writes dist/ and returns the path of main.js. `clean` first removes what an earlier build left (chunk
 * names change with their content); the tests' child server builds without it, so a server already
 * running from dist/ keeps the chunks it may still load.
 */
export async function buildMeasure({ clean = false } = {}): Promise<string> {
  if (clean) rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: { main: fileURLToPath(new URL('src/main.ts', import.meta.url)) },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Node's own conditions (import/require, node, default), not the bundlers' extra `module`.
    conditions: [],
    logLevel: 'warning',
    plugins: [packagesAsResolved],
  });
  return MEASURE_MAIN_JS;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await buildMeasure({ clean: true });
