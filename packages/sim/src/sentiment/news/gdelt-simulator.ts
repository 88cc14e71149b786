import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { publishedAt, WORLD_STORIES } from './stories.js';

/**
 * The `gdelt` upstream: GDELT DOC 2.0 `GET /api/v2/doc/doc?mode=ArtList&format=json` (notes S2 and simulator
 * notes). At most one request every 5 seconds per client IP (real elapsed time): a faster one is HTTP 429 with
 * GDELT's plain-text notice. `OR` outside parentheses is HTTP 200 text/html with a one-line error; a query
 * matching nothing is `{}`.
 */
const SPACING_MS = 5_000;
const RATE_NOTICE =
  'Please limit requests to one every 5 seconds or contact the GDELT team for larger queries.';

const seendate = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** `OR` that is not inside a parenthesised group. */
function unbalancedOr(query: string): boolean {
  let depth = 0;
  for (const token of query.split(/(\(|\)|\s+)/)) {
    if (token === '(') depth++;
    else if (token === ')') depth--;
    else if (token === 'OR' && depth === 0) return true;
  }
  return false;
}

function gdeltPlugin(context: SimContext): FastifyPluginAsync {
  const lastByIp = new Map<string, number>();
  return async (app) => {
    // The host's root page, outside the rate-limited DOC API (the gateway's readiness probe reads it).
    app.get('/', async (_request, reply) =>
      reply.type('text/html').send('<html><body>GDELT Project API</body></html>'),
    );
    app.get('/api/v2/doc/doc', async (request, reply) => {
      const started = performance.now();
      const last = lastByIp.get(request.ip);
      lastByIp.set(request.ip, started);
      if (last !== undefined && started - last < SPACING_MS)
        return reply.code(429).type('text/plain').send(RATE_NOTICE);
      const query = String((request.query as Record<string, string | undefined>).query ?? '');
      if (unbalancedOr(query))
        return reply.type('text/html').send("Queries containing OR'd terms must be surrounded by ().");
      if (/\bnohits\b/i.test(query)) return {};
      const now = context.now();
      const articles = WORLD_STORIES.map((story, i) => ({
        url: `https://${i % 2 ? 'wire' : 'news'}.sim/world/${story.slug}`,
        url_mobile: '',
        title: story.title,
        seendate: seendate(publishedAt(story, now)),
        socialimage: i % 2 ? `https://wire.sim/i${i}.jpg` : '',
        domain: i % 2 ? 'wire.sim' : 'news.sim',
        language: 'English',
        sourcecountry: i % 2 ? 'Switzerland' : 'United Kingdom',
      }));
      // Syndication: the first story again on another domain, seen later.
      const first = WORLD_STORIES[0]!;
      articles.push({
        ...articles[0]!,
        url: `https://syndicate.sim/${first.slug}`,
        domain: 'syndicate.sim',
        seendate: seendate(publishedAt(first, now) + 600_000),
      });
      return { articles };
    });
  };
}

/** GDELT's public API: no credentials. */
export const gdelt: SimulatorDefinition = { name: 'gdelt', plugin: gdeltPlugin };
