import { XMLParser } from 'fast-xml-parser';
import { plainText } from './plain-text.js';

/**
 * Reads RSS 2.0 and Atom feeds (notes sentiment.md S1.1–S1.2) with fast-xml-parser: CDATA is merged into text,
 * entities decoded, namespaced elements matched by local name (`dc:creator` → `creator`). A missing or
 * unparseable date leaves `publishedAt` null: the caller stamps the fetch time and marks it estimated.
 */
export interface FeedItem {
  title: string;
  url: string;
  /** RSS `guid` when it is a permalink other than `link`. */
  altUrl: string | null;
  publishedAt: number | null;
  summary: string;
  authors: string[];
  categories: string[];
  imageUrl: string | null;
}

/** Why a body is not a feed (an HTML bot wall, broken XML); the client turns it into a 502. */
export class FeedError extends Error {}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  cdataPropName: false,
  processEntities: true,
  htmlEntities: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) =>
    ['item', 'entry', 'category', 'link', 'author', 'creator', 'content', 'thumbnail'].includes(name),
});

type Node = Record<string, unknown>;
const list = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** An element's text whether it parsed to a string or to an object with `#text` (attributes present). */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') return text((value as Node)['#text']);
  return '';
}

/** RFC 822 (RSS) or RFC 3339 (Atom) dates; a date without a zone is read as UTC. */
export function parseFeedDate(value: string): number | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  const zoned = /(?:Z|[+-]\d{2}:?\d{2}|GMT|UT|UTC|[ECMP][SD]T)$/i.test(trimmed) ? trimmed : `${trimmed} Z`;
  const ms = Date.parse(zoned);
  return Number.isFinite(ms) ? ms : null;
}

function rssItem(item: Node): FeedItem {
  const link = text(item.link);
  const guid = item.guid;
  const guidText = text(guid);
  const permalink =
    typeof guid === 'object' && guid !== null ? (guid as Node)['@isPermaLink'] !== 'false' : !!guidText;
  const media = list(item.content).find((node) => typeof node === 'object' && (node as Node)['@url']) as
    | Node
    | undefined;
  const thumbnail = list(item.thumbnail)[0] as Node | undefined;
  const enclosure = item.enclosure as Node | undefined;
  return {
    title: plainText(text(item.title)),
    url: link || (permalink ? guidText : ''),
    altUrl: permalink && guidText && guidText !== link && /^https?:/.test(guidText) ? guidText : null,
    publishedAt: parseFeedDate(text(item.pubDate) || text(item.date)),
    summary: plainText(text(item.description)),
    authors: list(item.creator).concat(list(item.author)).map(text).map(plainText).filter(Boolean),
    categories: list(item.category).map(text).filter(Boolean),
    imageUrl:
      (media?.['@url'] as string) ??
      (thumbnail?.['@url'] as string) ??
      (enclosure?.['@url'] as string) ??
      null,
  };
}

function atomEntry(entry: Node): FeedItem {
  const links = list(entry.link) as Node[];
  const alternate = links.find((link) => link['@rel'] === 'alternate') ?? links.find((link) => !link['@rel']);
  const summary = text(entry.summary) || text(list(entry.content)[0]);
  return {
    title: plainText(text(entry.title)),
    url: (alternate?.['@href'] as string) ?? '',
    altUrl: null,
    publishedAt: parseFeedDate(text(entry.published) || text(entry.updated)),
    summary: plainText(summary),
    authors: (list(entry.author) as Node[]).map((author) => plainText(text(author?.name))).filter(Boolean),
    categories: (list(entry.category) as Node[])
      .map((category) => String(category?.['@term'] ?? ''))
      .filter(Boolean),
    imageUrl: null,
  };
}

/** The items of an RSS 2.0 or Atom document; anything else is a FeedError. */
export function parseFeed(xml: string): FeedItem[] {
  const head = xml.trimStart().slice(0, 200).toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html'))
    throw new FeedError('an HTML page, not a feed');
  let document: Node;
  try {
    // A stray `&` (not an entity) breaks strict parsers: escape it first (notes S1.5).
    document = parser.parse(xml.replace(/&(?!#?\w+;)/g, '&amp;'), true) as Node;
  } catch (error) {
    throw new FeedError(`malformed XML: ${(error as Error).message.slice(0, 120)}`);
  }
  const rss = document.rss as Node | undefined;
  const channel = (rss?.channel ?? (document.RDF as Node | undefined)) as Node | undefined;
  if (channel)
    return list(channel.item ?? (document.RDF as Node | undefined)?.item).map((item) =>
      rssItem(item as Node),
    );
  const feed = document.feed as Node | undefined;
  if (feed) return list(feed.entry).map((entry) => atomEntry(entry as Node));
  throw new FeedError('neither RSS nor Atom');
}
