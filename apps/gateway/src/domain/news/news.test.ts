import { describe, expect, it } from 'vitest';
import { canonicalUrl, dedupe, titleKey } from './dedupe.js';
import { FeedError, parseFeed, parseFeedDate } from './feed-parse.js';

// The notes' simulator feeds (sentiment.md, simulator notes), verbatim.
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">
 <channel><title>SimCoinNews</title><link>https://sim.example/</link><description>sim</description>
  <lastBuildDate>Mon, 16 Jun 2025 13:10:00 +0000</lastBuildDate>
  <item>
   <title><![CDATA[Bitcoin ETFs Log Fifth Day of Inflows]]></title>
   <link>https://sim.example/markets/2025/06/16/bitcoin-etfs-fifth-day?utm_source=rss</link>
   <guid isPermaLink="false">sim-100231</guid>
   <pubDate>Mon, 16 Jun 2025 13:05:12 +0000</pubDate>
   <dc:creator><![CDATA[A. Writer]]></dc:creator>
   <category>Markets</category>
   <description><![CDATA[<p>Spot bitcoin ETFs took in $412 million…</p>]]></description>
   <media:content url="https://sim.example/img/1.jpg" medium="image"/>
  </item>
  <item>
   <title>Ether staking queue shrinks as validators exit</title>
   <link>https://sim.example/tech/ether-staking-queue</link>
   <guid isPermaLink="true">https://sim.example/tech/ether-staking-queue</guid>
   <pubDate>Mon, 16 Jun 2025 11:40:00 GMT</pubDate>
   <description>Short summary &amp; more.</description>
  </item>
 </channel>
</rss>`;

const ATOM = `<feed xmlns="http://www.w3.org/2005/Atom"><title>SimAtom</title>
 <entry><title>Solana DEX volume hits record</title><id>tag:sim,2025:1</id>
  <link rel="alternate" href="https://atom.sim/solana-dex-record"/>
  <published>2025-06-16T09:00:00Z</published><updated>2025-06-16T09:30:00Z</updated>
  <summary type="html">&lt;p&gt;Record volume…&lt;/p&gt;</summary><author><name>B. Writer</name></author></entry>
</feed>`;

describe('feed parsing (fast-xml-parser)', () => {
  it('reads RSS 2.0 with CDATA, entities, dc:creator, media:content and both date forms', () => {
    const [first, second] = parseFeed(RSS);
    expect(first).toMatchObject({
      title: 'Bitcoin ETFs Log Fifth Day of Inflows',
      url: 'https://sim.example/markets/2025/06/16/bitcoin-etfs-fifth-day?utm_source=rss',
      altUrl: null,
      publishedAt: Date.UTC(2025, 5, 16, 13, 5, 12),
      summary: 'Spot bitcoin ETFs took in $412 million…',
      authors: ['A. Writer'],
      categories: ['Markets'],
      imageUrl: 'https://sim.example/img/1.jpg',
    });
    expect(second!.summary).toBe('Short summary & more.');
    expect(second!.publishedAt).toBe(Date.UTC(2025, 5, 16, 11, 40));
  });

  it('reads Atom: rel=alternate link, published date, HTML summary, author name', () => {
    expect(parseFeed(ATOM)).toEqual([
      {
        title: 'Solana DEX volume hits record',
        url: 'https://atom.sim/solana-dex-record',
        altUrl: null,
        publishedAt: Date.UTC(2025, 5, 16, 9),
        summary: 'Record volume…',
        authors: ['B. Writer'],
        categories: [],
        imageUrl: null,
      },
    ]);
  });

  it('a missing or broken date is null; a date without zone is UTC; stray & and HTML pages', () => {
    const noDate =
      '<rss><channel><item><title>A & B</title><link>https://x.sim/a</link></item></channel></rss>';
    const [item] = parseFeed(noDate);
    expect(item!.publishedAt).toBeNull();
    expect(item!.title).toBe('A & B');
    expect(parseFeedDate('2025-06-16 09:00:00')).toBe(Date.UTC(2025, 5, 16, 9));
    expect(parseFeedDate('yesterday')).toBeNull();
    expect(() => parseFeed('<!DOCTYPE html><html><body>Just a moment…</body></html>')).toThrow(FeedError);
    expect(() => parseFeed('<foo/>')).toThrow(FeedError);
  });
});

describe('de-duplication', () => {
  it('canonical URLs drop tracking parameters, www, fragments and trailing slashes', () => {
    expect(canonicalUrl('HTTPS://www.Sim.example/a/b/?utm_source=rss&id=3&ref=x#top')).toBe(
      'https://sim.example/a/b?id=3',
    );
  });

  it('title keys drop an outlet suffix and punctuation', () => {
    expect(titleKey('Bitcoin ETFs Log Fifth Day of Inflows - CoinDesk')).toBe(
      'bitcoin etfs log fifth day of inflows',
    );
  });

  it('keeps the earliest of a group by URL, title key or token similarity within 48 h', () => {
    const at = Date.UTC(2025, 5, 16, 12);
    const groups = dedupe([
      {
        source: 'b',
        title: 'Bitcoin ETFs Log Fifth Day of Inflows | The Block',
        urls: ['https://b.sim/x'],
        publishedAt: at + 60_000,
      },
      {
        source: 'a',
        title: 'Bitcoin ETFs Log Fifth Day of Inflows',
        urls: ['https://a.sim/y'],
        publishedAt: at,
      },
      { source: 'c', title: 'Other story', urls: ['https://www.a.sim/y/?utm_medium=x'], publishedAt: at + 1 },
      {
        source: 'd',
        title: 'Spot bitcoin ETFs log fifth straight day of inflows',
        urls: ['https://d.sim/z'],
        publishedAt: at + 2,
      },
      { source: 'e', title: 'Solana DEX volume hits record', urls: ['https://e.sim/s'], publishedAt: at },
    ]);
    const bitcoin = groups.find((group) => group.item.source === 'a')!;
    expect(bitcoin.alsoReportedBy).toEqual(['b', 'c']);
    expect(bitcoin.duplicates).toBe(2);
    // 'spot', 'straight' differ: Jaccard 5/7 < 0.8, a separate story.
    expect(groups.map((group) => group.item.source).sort()).toEqual(['a', 'd', 'e']);
  });
});
