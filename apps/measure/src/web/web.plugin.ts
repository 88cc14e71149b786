import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { type App, badRequest, notFound } from '@app/kit';
import fastifyStatic from '@fastify/static';

export interface WebPluginOptions {
  /** The built client, normally apps/web/dist. */
  root: string;
  /** Paths under this prefix never fall back to the client: an unknown API path is a JSON 404. */
  apiPrefix?: string;
}

/** Vite names every file under assets/ by its content hash, so they can be cached for good. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the web client at `/`: files from the build, index.html for every other page path (the client
 * routes itself), with index.html never cached so a new deployment reaches browsers on the next load.
 * Register it after the API routes: it only adds a GET wildcard, so every more specific route wins.
 */
export async function webPlugin(app: App, options: WebPluginOptions): Promise<void> {
  const root = resolve(options.root);
  const apiPrefix = options.apiPrefix ?? '/api';
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = decodedPath(request.url);
    if (path === apiPrefix || path.startsWith(`${apiPrefix}/`)) throw notFound(`No route for GET ${path}`);
    const file = await fileInside(root, path);
    if (file) {
      reply.header('cache-control', path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
      return reply.sendFile(file, { cacheControl: false });
    }
    if (!(await fileInside(root, '/index.html'))) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><title>Client not built</title><p>The web client is not built. Run <code>npm run build:web</code>.</p>',
        );
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

export function decodedPath(url: string): string {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    throw badRequest('Malformed URL');
  }
}

/** The file's path relative to root if it is a regular file inside root; anything escaping root is treated as absent. */
export async function fileInside(root: string, path: string): Promise<string | null> {
  if (path.includes('\0')) return null;
  const absolute = resolve(root, `.${path}`);
  if (!absolute.startsWith(root + sep)) return null;
  try {
    const info = await stat(absolute);
    return info.isFile() ? absolute.slice(root.length + 1) : null;
  } catch {
    return null;
  }
}
