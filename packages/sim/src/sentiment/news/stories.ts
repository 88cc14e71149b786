/**
 * The simulated news: fixed stories published at times relative to the clock (minutes before now, floored to
 * 5 minutes), so every feed answer is deterministic for a given instant. Some stories run on several outlets
 * under another URL or with the outlet's suffix, as syndicated news does, for the gateway's de-duplication.
 */
export interface Story {
  title: string;
  slug: string;
  minutesAgo: number;
  summary: string;
}

export const CRYPTO_STORIES: readonly Story[] = [
  {
    title: 'Bitcoin ETFs Log Fifth Day of Inflows',
    slug: 'bitcoin-etfs-fifth-day',
    minutesAgo: 35,
    summary: '<p>Spot bitcoin ETFs took in $412 million…</p>',
  },
  {
    title: 'Ether staking queue shrinks as validators exit',
    slug: 'ether-staking-queue',
    minutesAgo: 120,
    summary: 'Short summary &amp; more.',
  },
  {
    title: 'Solana DEX volume hits record',
    slug: 'solana-dex-record',
    minutesAgo: 240,
    summary: '<p>Record volume…</p>',
  },
  {
    title: 'XRP ledger adds automated market maker pools',
    slug: 'xrp-amm-pools',
    minutesAgo: 300,
    summary: 'Ripple&#8217;s ledger gains AMM pools.',
  },
  {
    title: 'Dogecoin whales accumulate ahead of payments launch',
    slug: 'doge-whales',
    minutesAgo: 420,
    summary: '<b>Large</b> wallets grew.',
  },
  {
    title: 'Chainlink oracles go live on new layer-2',
    slug: 'link-layer2',
    minutesAgo: 600,
    summary: 'LINK price feeds expand.',
  },
  {
    title: 'Stablecoin supply climbs to new high',
    slug: 'stablecoin-supply',
    minutesAgo: 2000,
    summary: 'Supply above $250 billion.',
  },
];

export const WORLD_STORIES: readonly Story[] = [
  {
    title: 'Central bank holds rates, signals patience',
    slug: 'central-bank-holds-rates',
    minutesAgo: 40,
    summary: 'Policy unchanged.',
  },
  {
    title: 'Tariff talks resume in Geneva',
    slug: 'tariff-talks-resume',
    minutesAgo: 90,
    summary: 'Negotiators return.',
  },
  {
    title: 'Inflation cools for third month',
    slug: 'inflation-cools',
    minutesAgo: 200,
    summary: 'Prices rose 0.1 %.',
  },
  {
    title: 'Election results delayed in coastal provinces',
    slug: 'election-delayed',
    minutesAgo: 330,
    summary: 'Counting continues.',
  },
];

const FIVE_MINUTES = 300_000;

/** When a story was published, relative to `now`. */
export const publishedAt = (story: Story, now: number) =>
  Math.floor(now / FIVE_MINUTES) * FIVE_MINUTES - story.minutesAgo * 60_000;

export const rfc822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');
