/**
 * What get_social_sentiment derives (notes sentiment.md tool 3, proposals): the Fear & Greed block from the daily
 * series, the LunarCrush block from hourly buckets, and the composite of both.
 */
export interface FngPoint {
  value: number;
  classification: string;
  /** Epoch seconds, 00:00 UTC of the day. */
  timestamp: number;
}

export interface FearGreed {
  value: number;
  classification: string;
  date: string;
  change_1d: number | null;
  change_7d: number | null;
  avg_30d: number | null;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** From the series newest first: the newest value, its change against 1 and 7 days earlier, the 30-day mean. */
export function fearGreed(series: readonly FngPoint[]): FearGreed | null {
  const newest = series[0];
  if (!newest) return null;
  const back = (days: number) => series.find((point) => point.timestamp === newest.timestamp - days * 86_400);
  const month = series.filter((point) => point.timestamp > newest.timestamp - 30 * 86_400);
  return {
    value: newest.value,
    classification: newest.classification,
    date: new Date(newest.timestamp * 1000).toISOString().slice(0, 10),
    change_1d: back(1) ? newest.value - back(1)!.value : null,
    change_7d: back(7) ? newest.value - back(7)!.value : null,
    avg_30d: month.length ? round(month.reduce((sum, point) => sum + point.value, 0) / month.length) : null,
  };
}

/** One hourly bucket of a LunarCrush topic (fields absent for thin topics). */
export interface SocialBucket {
  time: number;
  interactions?: number;
  sentiment?: number;
  posts_active?: number;
  contributors_active?: number;
  social_dominance?: number;
  galaxy_score?: number;
  alt_rank?: number;
}

export interface Social {
  sentiment_24h: number | null;
  sentiment_change: number | null;
  interactions_24h: number;
  posts_active: number | null;
  contributors_active: number | null;
  social_dominance: number | null;
  galaxy_score: number | null;
  alt_rank: number | null;
}

/** Interaction-weighted sentiment of buckets; null without interactions. */
function weightedSentiment(buckets: readonly SocialBucket[]): number | null {
  let weight = 0;
  let sum = 0;
  for (const bucket of buckets)
    if (bucket.sentiment !== undefined && bucket.interactions) {
      weight += bucket.interactions;
      sum += bucket.sentiment * bucket.interactions;
    }
  return weight > 0 ? sum / weight : null;
}

/** Over the last 24 buckets (oldest first in `buckets`), against the 24 before them. */
export function socialBlock(buckets: readonly SocialBucket[]): Social | null {
  if (buckets.length === 0) return null;
  const sorted = [...buckets].sort((a, b) => a.time - b.time);
  const last = sorted.slice(-24);
  const previous = sorted.slice(-48, -24);
  const newest = last[last.length - 1]!;
  const now = weightedSentiment(last);
  const before = weightedSentiment(previous);
  return {
    sentiment_24h: now === null ? null : round(now),
    sentiment_change: now === null || before === null ? null : round(now - before),
    interactions_24h: last.reduce((sum, bucket) => sum + (bucket.interactions ?? 0), 0),
    posts_active: newest.posts_active ?? null,
    contributors_active: newest.contributors_active ?? null,
    social_dominance: newest.social_dominance ?? null,
    galaxy_score: newest.galaxy_score ?? null,
    alt_rank: newest.alt_rank ?? null,
  };
}

/** `0.5 × F&G + 0.5 × sentiment_24h` when both exist, else whichever exists. */
export function composite(
  fng: FearGreed | null,
  social: Social | null,
): { value: number | null; basis: string[] } {
  const sentiment = social?.sentiment_24h ?? null;
  if (fng && sentiment !== null)
    return { value: round(0.5 * fng.value + 0.5 * sentiment), basis: ['fear_greed', 'lunarcrush'] };
  if (fng) return { value: fng.value, basis: ['fear_greed'] };
  if (sentiment !== null) return { value: sentiment, basis: ['lunarcrush'] };
  return { value: null, basis: [] };
}
