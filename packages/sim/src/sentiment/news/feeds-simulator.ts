import type { FastifyPluginAsync } from 'fastify';
import type { SimContext, SimulatorDefinition } from '../../simulator.js';
import { CRYPTO_STORIES, publishedAt, rfc822, type Story, WORLD_STORIES } from './stories.js';

/**
 * The `news-feeds` upstream: every outlet's feed under `/<id>` (the gateway's simPath per host), in the
 * formats and quirks of notes sentiment.md S1 and the simulator notes: RSS 2.0 with CDATA, entities,
 * `dc:creator`, `media:content` and tracking parameters (coindesk); the same headline under another URL with an
 * outlet suffix (cointelegraph); Atom (decrypt); a bot wall, 403 text/html (theblock); an item without a date
 * and a stray `&` (bitcoinmagazine); world feeds where one story runs on two outlets (bbc, guardian).
 */
type Render = (now: number) => string;

const rss = (title: string, items: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
 <channel><title>${title}</title><link>https://${title.toLowerCase()}.sim/</link><description>sim</description>
${items.join('\n')}
 </channel>
</rss>`;

const rssItem = (host: string, story: Story, now: number, extra = '') => `  <item>
   <title><![CDATA[${story.title}]]></title>
   <link>https://${host}/news/${story.slug}?utm_source=rss&amp;utm_medium=feed</link>
   <guid isPermaLink="false">${host}-${story.slug}</guid>
   <pubDate>${rfc822(publishedAt(story, now))}</pubDate>
   <dc:creator><![CDATA[A. Writer]]></dc:creator>
   <category>Markets</category>
   <description><![CDATA[${story.summary}]]></description>${extra}
  </item>`;

const FEEDS: Record<string, { path: string; render: Render | 'blocked' }> = {
  coindesk: {
    path: '/arc/outboundfeeds/rss/',
    render: (now) =>
      rss(
        'SimCoinNews',
        CRYPTO_STORIES.slice(0, 5).map((story, i) =>
          rssItem(
            'www.coindesk.sim',
            story,
            now,
            `\n   <media:content url="https://coindesk.sim/img/${i}.jpg" medium="image"/>`,
          ),
        ),
      ),
  },
  cointelegraph: {
    path: '/rss',
    render: (now) =>
      rss('SimTelegraph', [
        // The lead story again, later, under its own URL and with the outlet's suffix: a duplicate.
        rssItem(
          'cointelegraph.sim',
          { ...CRYPTO_STORIES[0]!, title: `${CRYPTO_STORIES[0]!.title} - Cointelegraph`, minutesAgo: 20 },
          now,
        ),
        rssItem('cointelegraph.sim', CRYPTO_STORIES[6]!, now),
      ]),
  },
  decrypt: {
    path: '/feed',
    render: (now) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>SimAtom</title>
${CRYPTO_STORIES.slice(2, 4)
  .map(
    (story) => ` <entry><title>${story.title}</title><id>tag:decrypt.sim,2025:${story.slug}</id>
  <link rel="alternate" href="https://decrypt.sim/${story.slug}"/>
  <published>${new Date(publishedAt(story, now) - 60_000).toISOString()}</published><updated>${new Date(publishedAt(story, now)).toISOString()}</updated>
  <summary type="html">&lt;p&gt;${story.title}…&lt;/p&gt;</summary><author><name>B. Writer</name></author></entry>`,
  )
  .join('\n')}
</feed>`,
  },
  theblock: { path: '/rss.xml', render: 'blocked' },
  bitcoinmagazine: {
    path: '/.rss/full/',
    render: (now) =>
      rss('SimMagazine', [
        rssItem('bitcoinmagazine.sim', CRYPTO_STORIES[5]!, now),
        '  <item><title>Miners & markets: the week ahead</title><link>https://bitcoinmagazine.sim/week-ahead</link><description>No date on this one.</description></item>',
      ]),
  },
  cryptoslate: {
    path: '/feed/',
    render: (now) => rss('SimSlate', [rssItem('cryptoslate.sim', CRYPTO_STORIES[4]!, now)]),
  },
  bbc: {
    path: '/news/world/rss.xml',
    render: (now) =>
      rss(
        'SimBBC',
        WORLD_STORIES.slice(0, 3).map((s) => rssItem('bbc.sim', s, now)),
      ),
  },
  guardian: {
    path: '/world/rss',
    render: (now) =>
      rss(
        'SimGuardian',
        WORLD_STORIES.slice(2).map((s) => rssItem('guardian.sim', s, now)),
      ),
  },
  npr: {
    path: '/1001/rss.xml',
    render: (now) => rss('SimNPR', [rssItem('npr.sim', WORLD_STORIES[1]!, now)]),
  },
};

function feedsPlugin(context: SimContext): FastifyPluginAsync {
  return async (app) => {
    for (const [id, feed] of Object.entries(FEEDS))
      app.get(`/${id}${feed.path}`, async (_request, reply) => {
        if (feed.render === 'blocked')
          return reply
            .code(403)
            .type('text/html; charset=utf-8')
            .send('<!DOCTYPE html><html><body>Just a moment…</body></html>');
        const xml = feed.render(context.now());
        return reply
          .type(
            id === 'decrypt' ? 'application/atom+xml; charset=utf-8' : 'application/rss+xml; charset=utf-8',
          )
          .send(xml);
      });
  };
}

/** The news outlets' feeds: public, no credentials. */
export const newsFeeds: SimulatorDefinition = { name: 'news-feeds', plugin: feedsPlugin };
