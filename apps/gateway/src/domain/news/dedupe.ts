import { decodeEntities } from './plain-text.js';

/**
 * News de-duplication across feeds (notes sentiment.md S1.4): same canonical URL, same title key, or title-token
 * Jaccard ≥ 0.8 within 48 h. The earliest-published item is kept and records who else reported it.
 */
const TRACKING = /^(utm_.*|ref|source|fbclid|gclid|mc_cid|mc_eid|cmp)$/i;

/** Lower-case scheme and host, no `www.`, no fragment, no tracking parameters, no trailing slash. */
export function canonicalUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return raw.trim().toLowerCase();
  }
  const params = [...url.searchParams].filter(([name]) => !TRACKING.test(name));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const host = url.host.toLowerCase().replace(/^www\./, '');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.protocol.toLowerCase()}//${host}${path}${query}`;
}

const OUTLET_SUFFIX = /\s+[-|–—]\s+[^-|–—]{2,40}$/;

/** NFKC, lower case, entities decoded, a trailing ` - Outlet` removed, punctuation to spaces, whitespace collapsed. */
export function titleKey(title: string): string {
  return decodeEntities(title.normalize('NFKC'))
    .replace(OUTLET_SUFFIX, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const STOPWORDS = new Set(
  'the and for with from into over after amid as at by in of on to a an is are was were be its it this that new says'.split(
    ' ',
  ),
);

function tokens(key: string): Set<string> {
  return new Set(key.split(' ').filter((token) => token.length >= 3 && !STOPWORDS.has(token)));
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const token of a) if (b.has(token)) shared++;
  return shared / (a.size + b.size - shared);
}

export interface Dedupable {
  source: string;
  title: string;
  urls: string[];
  publishedAt: number;
}

const WINDOW_MS = 48 * 3_600_000;

/**
 * Groups duplicates; returns the kept items (earliest of each group) with the other sources that reported them
 * and how many copies were dropped. O(n²), fine for the few hundred items of a news call.
 */
export function dedupe<T extends Dedupable>(
  items: readonly T[],
): { item: T; alsoReportedBy: string[]; duplicates: number }[] {
  const sorted = [...items].sort((a, b) => a.publishedAt - b.publishedAt);
  const kept: {
    item: T;
    urls: Set<string>;
    key: string;
    tokens: Set<string>;
    also: Set<string>;
    duplicates: number;
  }[] = [];
  for (const item of sorted) {
    const urls = new Set(item.urls.filter(Boolean).map(canonicalUrl));
    const key = titleKey(item.title);
    const itemTokens = tokens(key);
    const match = kept.find(
      (group) =>
        [...urls].some((url) => group.urls.has(url)) ||
        (key !== '' && key === group.key) ||
        (Math.abs(item.publishedAt - group.item.publishedAt) <= WINDOW_MS &&
          jaccard(itemTokens, group.tokens) >= 0.8),
    );
    if (!match) {
      kept.push({ item, urls, key, tokens: itemTokens, also: new Set(), duplicates: 0 });
      continue;
    }
    match.duplicates++;
    if (item.source !== match.item.source) match.also.add(item.source);
    for (const url of urls) match.urls.add(url);
  }
  return kept.map((group) => ({
    item: group.item,
    alsoReportedBy: [...group.also].sort(),
    duplicates: group.duplicates,
  }));
}
