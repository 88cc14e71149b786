import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { type App, badRequest, notFound } from '@app/kit';
import fastifyStatic from '@fastify/static';

export interface StationPagesOptions {
  /** The built web client (apps/web/dist). */
  root: string;
  stationCode: string;
}

/** The only client pages a station serves: the operator flow and what it needs (login, profile). */
export const OPERATOR_PAGES = /^\/(operator(\/.*)?|login|profile)?$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Shown instead of the client while the station does not know which station it is. */
export const NOT_CONFIGURED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Station not configured</title>
<style>body{font:18px system-ui,sans-serif;max-width:40rem;margin:10vh auto;padding:0 1rem}code{background:#eee;padding:.2rem .4rem}</style>
</head><body>
<h1>This station is not configured</h1>
<p>The station server does not know which station it serves, so it cannot offer recipes.</p>
<p>Start it with a station's code. Every installation has the station <code>ST-DEFAULT</code>
(<code>npm run demo</code> assigns the demo recipe to it):</p>
<p><code>STATION_CODE=ST-DEFAULT npm run start:station</code></p>
<p>Further stations are created by an administrator in the web client under <em>Stations</em>.</p>
<p>Also set <code>MEASURE_API_URL</code> when the measurement service does not run on <code>http://127.0.0.1:8000</code>.</p>
<hr>
<h2 lang="de">Diese Station ist nicht eingerichtet</h2>
<p lang="de">Der Stationsserver weiß nicht, welche Station er bedient. Starten Sie ihn mit dem Stationscode, den ein
Administrator unter <em>Stationen</em> angelegt hat; jede Installation hat die Station <code>ST-DEFAULT</code>:
<code>STATION_CODE=ST-DEFAULT npm run start:station</code></p>
</body></html>`;

/**
 * Serves the client in station mode: `/station-config.json` tells it the station code, operator pages
 * get index.html (503 while STATION_CODE is empty), built assets are served, everything else is 404.
 */
export async function stationPages(app: App, options: StationPagesOptions): Promise<void> {
  const root = resolve(options.root);
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/station-config.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { station_code: options.stationCode };
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = decodedPath(request.url);
    if (OPERATOR_PAGES.test(path)) {
      if (!options.stationCode) {
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(NOT_CONFIGURED_PAGE);
      }
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    }
    const file = await fileInside(root, path);
    if (!file || file === 'index.html') throw notFound(`No route for GET ${path}`);
    reply.header('cache-control', path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    return reply.sendFile(file, { cacheControl: false });
  });
}

function decodedPath(url: string): string {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    throw badRequest('Malformed URL');
  }
}

/** Relative path of a regular file inside root; anything escaping root counts as absent. */
async function fileInside(root: string, path: string): Promise<string | null> {
  if (path.includes('\0')) return null;
  const absolute = resolve(root, `.${path}`);
  if (!absolute.startsWith(root + sep)) return null;
  try {
    return (await stat(absolute)).isFile() ? absolute.slice(root.length + 1) : null;
  } catch {
    return null;
  }
}
