import { createHash } from 'node:crypto';
import { canonicalUrl, dedupe } from '../../domain/news/dedupe.js';
import type { FeedSpec } from '../../providers/news-feeds/feeds.js';
import type { ToolContext } from '../../tools/tool.js';
import { allSourcesFailed } from '../mcp/failed-sources.js';
import { settleFanOut } from './fan-out.js';
import type { FailedSource } from './sentiment.schema.js';
import type { SentimentClients } from './sentiment-tool.js';

/** A normalised news item (notes S1.3) before de-duplication. */
export interface NewsItem {
  source: string;
  title: string;
  url: string;
  urls: string[];
  publishedAt: number;
  publishedEstimated: boolean;
  summary: string;
  authors: string[];
  categories: string[];
  imageUrl: string | null;
}

export interface NewsOut {
  id: string;
  source: string;
  title: string;
  url: string;
  canonical_url: string;
  published_at: string;
  published_estimated: boolean;
  summary: string;
  authors: string[];
  categories: string[];
  image_url: string | null;
  also_reported_by: string[];
  duplicates: number;
}

const SUMMARY_CHARS = 400;

/**
 * Every feed at once; a failing feed is listed and skipped, all failing is 502 retryable. Items without a date
 * take the answer's arrival time and are marked estimated.
 */
export async function readFeeds(
  feeds: readonly FeedSpec[],
  context: ToolContext<SentimentClients>,
): Promise<{
  items: NewsItem[];
  used: string[];
  failed: FailedSource[];
  receivedAt: number;
  stale: boolean;
}> {
  const settled = await Promise.allSettled(feeds.map((feed) => context.clients.news.feed(context, feed)));
  const items: NewsItem[] = [];
  const used: string[] = [];
  const { failed, errors, receivedAt, stale } = settleFanOut(feeds, settled, {
    sourceOf: (feed) => feed.id,
    receivedAt: context.now(),
    each: (feed, answer) => {
      used.push(feed.id);
      for (const item of answer.data) {
        if (!item.url || !item.title) continue;
        items.push({
          source: feed.id,
          title: item.title,
          url: item.url,
          urls: item.altUrl ? [item.url, item.altUrl] : [item.url],
          publishedAt: item.publishedAt ?? answer.receivedAt,
          publishedEstimated: item.publishedAt === null,
          summary:
            item.summary.length > SUMMARY_CHARS
              ? `${item.summary.slice(0, SUMMARY_CHARS - 1)}…`
              : item.summary,
          authors: item.authors,
          categories: item.categories,
          imageUrl: item.imageUrl,
        });
      }
    },
  });
  if (feeds.length > 0 && errors.length === feeds.length)
    throw allSourcesFailed('every news feed failed', errors, failed);
  return { items, used, failed, receivedAt, stale };
}

/** De-duplicates, newest first, in the tools' output shape. */
export function dedupedNews(items: readonly NewsItem[]): { items: NewsOut[]; removed: number } {
  const groups = dedupe(items);
  const out = groups
    .map(({ item, alsoReportedBy, duplicates }) => {
      const canonical = canonicalUrl(item.url);
      return {
        id: createHash('sha1').update(canonical).digest('hex'),
        source: item.source,
        title: item.title,
        url: item.url,
        canonical_url: canonical,
        published_at: new Date(item.publishedAt).toISOString(),
        published_estimated: item.publishedEstimated,
        summary: item.summary,
        authors: item.authors,
        categories: item.categories,
        image_url: item.imageUrl,
        also_reported_by: alsoReportedBy,
        duplicates,
      };
    })
    .sort((a, b) => b.published_at.localeCompare(a.published_at));
  return { items: out, removed: items.length - groups.length };
}
