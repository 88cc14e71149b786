/**
 * The news feeds the gateway knows (notes sentiment.md S1 and S2.4): one host of the `news-feeds` upstream
 * each, so every outlet has its own base-URL override (`NEWS_FEEDS_<ID>_URL`), budget and breaker. Which of
 * them a tool reads is configured by `CRYPTO_NEWS_FEEDS` and `WORLD_NEWS_FEEDS` (comma-separated ids).
 */
export interface FeedSpec {
  id: string;
  origin: string;
  path: string;
  kind: 'crypto' | 'world';
}

export const FEEDS: readonly FeedSpec[] = [
  { id: 'coindesk', origin: 'https://www.coindesk.com', path: '/arc/outboundfeeds/rss/', kind: 'crypto' },
  { id: 'cointelegraph', origin: 'https://cointelegraph.com', path: '/rss', kind: 'crypto' },
  { id: 'decrypt', origin: 'https://decrypt.co', path: '/feed', kind: 'crypto' },
  { id: 'theblock', origin: 'https://www.theblock.co', path: '/rss.xml', kind: 'crypto' },
  { id: 'bitcoinmagazine', origin: 'https://bitcoinmagazine.com', path: '/.rss/full/', kind: 'crypto' },
  { id: 'cryptoslate', origin: 'https://cryptoslate.com', path: '/feed/', kind: 'crypto' },
  { id: 'bbc', origin: 'https://feeds.bbci.co.uk', path: '/news/world/rss.xml', kind: 'world' },
  { id: 'guardian', origin: 'https://www.theguardian.com', path: '/world/rss', kind: 'world' },
  { id: 'npr', origin: 'https://feeds.npr.org', path: '/1001/rss.xml', kind: 'world' },
];

export const DEFAULT_CRYPTO_FEEDS = 'coindesk,cointelegraph,decrypt,theblock,bitcoinmagazine';
export const DEFAULT_WORLD_FEEDS = 'bbc,guardian,npr';

/** The feeds a configured list names, in its order; an unknown id is a start-up error naming the variable. */
export function feedList(variable: string, value: string): FeedSpec[] {
  return value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id) => {
      const feed = FEEDS.find((known) => known.id === id);
      if (!feed)
        throw new Error(`${variable}: unknown feed ${id} (known: ${FEEDS.map((f) => f.id).join(', ')})`);
      return feed;
    });
}
