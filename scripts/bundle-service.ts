/**
 * Compiles a service (or a benchmark's server) into one ES module with esbuild, for `node` to run without
 * tsx: docs/decisions.md, "The services run compiled". The entry and the workspace's TypeScript packages
 * (@app/*) are bundled; every other package stays an import of the very file it resolves to from the
 * importing source file. A bare name would be resolved again from dist/, and kit's fastify-plugin (6, in
 * the root node_modules) is not measure's (5, nested).
 */
import { rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

function packagesAsResolved(outdir: string): Plugin {
  return {
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
}

export interface BundleOptions {
  /** Output name (without .js) → source file. */
  entryPoints: Record<string, string>;
  outdir: string;
  /**
   * Remove what an earlier build left first (chunk names change with their content). Tests that build
   * while a server may still be running from outdir leave it off, so that server keeps the chunks it loads.
   */
  clean?: boolean;
}

/** Writes outdir/<name>.js for each entry, plus a chunk per module loaded on demand; returns the first entry's path. */
export async function bundleService({ entryPoints, outdir, clean = false }: BundleOptions): Promise<string> {
  if (clean) rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Node's own conditions (import/require, node, default), not the bundlers' extra `module`.
    conditions: [],
    logLevel: 'warning',
    plugins: [packagesAsResolved(outdir)],
  });
  return join(outdir, `${Object.keys(entryPoints)[0]}.js`);
}

/**
 * A service's own build (`apps/<service>/build.ts`): its src/main.ts into its dist/main.js, which is what
 * `npm run start:<service>` runs. `appDir` is the service's folder as a URL ending in `/`.
 */
export function bundleServiceMain(appDir: URL, { clean = false } = {}): Promise<string> {
  return bundleService({
    entryPoints: { main: fileURLToPath(new URL('src/main.ts', appDir)) },
    outdir: fileURLToPath(new URL('dist', appDir)),
    clean,
  });
}
